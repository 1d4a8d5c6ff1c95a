import { Group, Image, type StyleProp, Text } from '@mantine/core';

export const PRODUCT_NAME = 'Linewalker';

interface BrandProps {
  /** The label beside the logo; the product's own name unless a company brand is given. */
  label?: string | null;
  size?: 'sm' | 'lg';
  /**
   * Long company names wrap to a second line and only then are cut with an ellipsis (the full
   * name stays in the tooltip), so a customer sees their whole name wherever it fits.
   */
  labelMaxWidth?: StyleProp<number | string>;
}

export function Brand({ label, size = 'sm', labelMaxWidth }: BrandProps) {
  const logo = size === 'lg' ? 48 : 32;
  return (
    <Group gap="xs" wrap="nowrap">
      <Image src="/logo.svg" alt="" w={logo} h={logo} />
      <Text
        fw={700}
        fz={size === 'lg' ? 26 : 'lg'}
        lh={1.15}
        lineClamp={2}
        maw={labelMaxWidth}
        title={label || PRODUCT_NAME}
      >
        {label || PRODUCT_NAME}
      </Text>
    </Group>
  );
}
