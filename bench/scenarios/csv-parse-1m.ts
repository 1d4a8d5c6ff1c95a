import { csvParseScenario } from '../lib/csvParse.ts';

export default csvParseScenario('csv-parse-1m', 1_000_000, '1M');
