/** Types of `eslint.config.js` for the tests that check the folder boundaries. */
export interface BoundaryZone {
  target: string;
  from: string;
  except?: string[];
  message: string;
}
export declare const boundaryZones: BoundaryZone[];
declare const config: unknown[];
export default config;
