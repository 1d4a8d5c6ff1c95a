import { LEAD_MESSAGES, type LeadFormValues, leadFormSchema } from '@linewalker/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Brand, PRODUCT_NAME } from '../../../components/Brand.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { getLeadFormToken, useSubmitLead } from '../api/submitLead.ts';

type LeadFormState = Required<{ [K in keyof LeadFormValues]: string }>;

const EMPTY: LeadFormState = {
  first_name: '',
  last_name: '',
  company_name: '',
  email: '',
  phone: '',
  message: '',
};

/**
 * The public 'Request an inspection' page (/request-inspection, POST /api/v1/leads/). Two guards against
 * robots, no outside captcha: a field people do not see (robots fill it), and a token from when the form
 * was shown (the server refuses a form sent within seconds).
 */
export function RequestInspectionRoute() {
  useDocumentTitle(`Request an inspection · ${PRODUCT_NAME}`);
  const token = useQuery({
    queryKey: queryKeys.leads.formToken,
    queryFn: getLeadFormToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });
  const [website, setWebsite] = useState('');
  const [sent, setSent] = useState(false);
  const submit = useSubmitLead();
  const form = useForm<LeadFormState>({
    initialValues: EMPTY,
    validate: schemaResolver(leadFormSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    if (!token.data) return;
    submit.mutate({ ...values, form_token: token.data.token, website }, { onSuccess: () => setSent(true) });
  });

  const error = submit.error
    ? isApiError(submit.error, 'rate_limited')
      ? 'Too many requests from your network. Please try again in an hour.'
      : isApiError(submit.error)
        ? submit.error.message
        : 'Your request could not be sent. Check your connection and try again.'
    : token.isError
      ? 'The form could not be loaded. Reload the page and try again.'
      : null;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={620}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Brand size="lg" />
          </Stack>
          <Title order={1} fz="h3" ta="center">
            Request an inspection
          </Title>
          {sent ? (
            <Alert color="teal" icon={<IconCircleCheck />} role="status" title="Request sent">
              {LEAD_MESSAGES.sent}
            </Alert>
          ) : (
            <form noValidate onSubmit={onSubmit}>
              <Stack gap="md">
                <Text c="dimmed" size="sm">
                  Tell us about your poles, towers or lines and we will get back to you with a proposal.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="First name"
                    withAsterisk
                    autoComplete="given-name"
                    maxLength={60}
                    {...form.getInputProps('first_name')}
                  />
                  <TextInput
                    label="Last name"
                    withAsterisk
                    autoComplete="family-name"
                    maxLength={60}
                    {...form.getInputProps('last_name')}
                  />
                </SimpleGrid>
                <TextInput
                  label="Company"
                  withAsterisk
                  autoComplete="organization"
                  maxLength={110}
                  {...form.getInputProps('company_name')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Email"
                    type="email"
                    withAsterisk
                    autoComplete="email"
                    maxLength={254}
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label="Phone"
                    type="tel"
                    autoComplete="tel"
                    maxLength={30}
                    {...form.getInputProps('phone')}
                  />
                </SimpleGrid>
                <Textarea
                  label="Message"
                  autosize
                  minRows={4}
                  maxRows={10}
                  maxLength={2000}
                  {...form.getInputProps('message')}
                />
                {/* Hidden from people and from assistive technology: only robots fill it. */}
                <Box
                  aria-hidden
                  style={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}
                >
                  <label>
                    Website
                    <input
                      name="website"
                      tabIndex={-1}
                      autoComplete="off"
                      value={website}
                      onChange={(e) => setWebsite(e.currentTarget.value)}
                    />
                  </label>
                </Box>
                {error && (
                  <Alert color="red" icon={<IconAlertCircle />} role="alert">
                    {error}
                  </Alert>
                )}
                <Button type="submit" loading={submit.isPending} disabled={!token.data}>
                  Send request
                </Button>
              </Stack>
            </form>
          )}
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.login.getHref()}>
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
