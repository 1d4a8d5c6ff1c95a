import { AssetHealthRoute } from '../../features/assetHealth/routes/AssetHealthRoute.tsx';
import { SensorDataModal } from '../../features/sensors/index.ts';

/** Asset Health with the sensors area's Sensor Data modal (composed here: features do not import each other). */
export function AssetHealthPage() {
  return <AssetHealthRoute SensorModal={SensorDataModal} />;
}
