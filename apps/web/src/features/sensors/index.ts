/** What other features use of the sensors area: the Asset Health page's Sensor Data modal. */
export { SensorDataModal } from './components/SensorDataModal.tsx';
