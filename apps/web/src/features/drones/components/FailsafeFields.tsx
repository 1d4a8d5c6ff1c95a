import { Fieldset, NumberInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface FailsafeFormState {
  link_loss_seconds: number | string;
  return_home_battery: number | string;
  land_battery: number | string;
  geofence_distance_m: number | string;
  geofence_altitude_m: number | string;
}

/** The drone's failsafes on the Drones admin form: what the vehicle does when the link, battery or fence say so. */
export function FailsafeFields<T extends { failsafes: FailsafeFormState }>({
  form,
}: {
  form: UseFormReturnType<T>;
}) {
  const field = (name: keyof FailsafeFormState) => form.getInputProps(`failsafes.${name}`);
  return (
    <Fieldset legend="Failsafes" variant="filled">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Link loss (s)"
          description="No console for this long in the air: hover; twice as long: return home"
          min={1}
          max={60}
          allowDecimal={false}
          {...field('link_loss_seconds')}
        />
        <NumberInput
          label="Return home at (%)"
          description="Battery left when it flies home"
          min={5}
          max={90}
          allowDecimal={false}
          {...field('return_home_battery')}
        />
        <NumberInput
          label="Land at (%)"
          description="Battery left when it lands where it is"
          min={0}
          max={80}
          allowDecimal={false}
          {...field('land_battery')}
        />
        <NumberInput
          label="Fence distance (m)"
          description="Furthest from home"
          min={20}
          max={10_000}
          allowDecimal={false}
          {...field('geofence_distance_m')}
        />
        <NumberInput
          label="Fence height (m)"
          description="Highest above home (at most 120 m)"
          min={5}
          max={120}
          allowDecimal={false}
          {...field('geofence_altitude_m')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
