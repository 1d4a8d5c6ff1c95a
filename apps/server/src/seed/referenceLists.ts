/** Fixed lookup rows. Ids are part of the contract with the web app and the spec: never renumber, only append. */

export const PROJECT_TYPES = [
  { ptypeId: 1, ptypeName: 'Distribution' },
  { ptypeId: 2, ptypeName: 'Transmission' },
  { ptypeId: 3, ptypeName: 'ETT' },
  { ptypeId: 4, ptypeName: 'ABB' },
  { ptypeId: 5, ptypeName: 'Substation' },
];

export const PROJECT_TIERS = [
  { ptierId: 1, name: 'Tier 1' },
  { ptierId: 2, name: 'Tier 2' },
  { ptierId: 3, name: 'Tier 3' },
];

/** Completion-form dropdowns and their options, ids as spec 1 §3 'Field options'. */
export const INSPECTION_FIELDS = [
  { id: 1, fieldName: 'Asset Material' },
  { id: 2, fieldName: 'Asset Type' },
];
export const INSPECTION_FIELD_OPTIONS = [
  { id: 1, fieldId: 1, optionText: 'Steel' },
  { id: 2, fieldId: 1, optionText: 'Weathering Steel' },
  { id: 3, fieldId: 1, optionText: 'Wood' },
  { id: 4, fieldId: 1, optionText: 'Concrete' },
  { id: 5, fieldId: 1, optionText: 'SAE' },
  { id: 6, fieldId: 2, optionText: 'Monopole' },
  { id: 7, fieldId: 2, optionText: 'Lattice' },
  { id: 8, fieldId: 2, optionText: 'H Frame' },
  { id: 9, fieldId: 2, optionText: 'Guyed' },
];

/** Status ids, texts and colours as spec 2 §2 'Pilot scheduling inside a project'. */
export const PILOT_SCHEDULING_STATUSES = [
  { id: 0, statusText: 'no_requests_sent', statusTextFriendly: 'No Requests Sent', color: 'white' },
  {
    id: 1,
    statusText: 'waiting_pilot_response',
    statusTextFriendly: 'Waiting Pilot Response',
    color: 'green',
  },
  { id: 2, statusText: 'pilot_accepted', statusTextFriendly: 'Pilot Accepted', color: 'blue' },
  { id: 3, statusText: 'pilot_rejected', statusTextFriendly: 'Pilot Rejected', color: 'orange' },
  { id: 4, statusText: 'pilot_assigned', statusTextFriendly: 'Pilot Assigned', color: 'green' },
  { id: 5, statusText: 'error_messaging_pilot', statusTextFriendly: 'Error Messaging Pilot', color: 'red' },
];

/** Texts exactly as spec 3 §4 gives them. */
export const POLE_ORDER_STATUSES = [
  { id: 1, statusText: 'waiting for manufacturing' },
  { id: 2, statusText: 'in manufacturing' },
  { id: 3, statusText: 'waiting for pickup' },
  { id: 4, statusText: 'in transit' },
  { id: 5, statusText: 'delivered' },
];

export const PILOT_ATTRIBUTES: Array<{
  attributeId: number;
  attName: string;
  typeName: 'prof' | 'skill' | 'cert';
}> = [
  { attributeId: 1, typeName: 'prof', attName: 'Distribution Inspection' },
  { attributeId: 2, typeName: 'prof', attName: 'Transmission Inspection' },
  { attributeId: 3, typeName: 'prof', attName: 'Substation Inspection' },
  { attributeId: 4, typeName: 'prof', attName: 'Thermal Imaging' },
  { attributeId: 5, typeName: 'prof', attName: 'LiDAR Mapping' },
  { attributeId: 6, typeName: 'prof', attName: 'Photogrammetry' },
  { attributeId: 7, typeName: 'prof', attName: 'Storm Damage Assessment' },
  { attributeId: 8, typeName: 'cert', attName: 'FAA Part 107' },
  { attributeId: 9, typeName: 'cert', attName: 'Part 107 Night Waiver' },
  { attributeId: 10, typeName: 'cert', attName: 'BVLOS Waiver' },
  { attributeId: 11, typeName: 'cert', attName: 'OSHA 10' },
  { attributeId: 12, typeName: 'cert', attName: 'First Aid / CPR' },
  { attributeId: 13, typeName: 'cert', attName: 'Thermography Level I' },
  { attributeId: 14, typeName: 'skill', attName: 'DJI Matrice 350' },
  { attributeId: 15, typeName: 'skill', attName: 'DJI Mavic 3 Enterprise' },
  { attributeId: 16, typeName: 'skill', attName: 'Skydio X10' },
  { attributeId: 17, typeName: 'skill', attName: 'Manual Flight' },
  { attributeId: 18, typeName: 'skill', attName: 'Pix4D' },
  { attributeId: 19, typeName: 'skill', attName: 'Off-road Driving' },
];

/** Arm (flange) positions on an ETT/ABB structure, top to bottom. */
export const ETT_ARM_POSITIONS = [
  { id: 1, armPositionText: 'Shield Wire Left', sortOrder: 1 },
  { id: 2, armPositionText: 'Shield Wire Right', sortOrder: 2 },
  { id: 3, armPositionText: 'Top Left', sortOrder: 3 },
  { id: 4, armPositionText: 'Top Right', sortOrder: 4 },
  { id: 5, armPositionText: 'Middle Left', sortOrder: 5 },
  { id: 6, armPositionText: 'Middle Right', sortOrder: 6 },
  { id: 7, armPositionText: 'Bottom Left', sortOrder: 7 },
  { id: 8, armPositionText: 'Bottom Right', sortOrder: 8 },
];

export const ETT_EVALUATION_CODES = [
  { id: 1, codeValue: '1', description: 'No visible defects' },
  { id: 2, codeValue: '2', description: 'Surface rust or coating wear, no section loss' },
  { id: 3, codeValue: '3', description: 'Moderate corrosion or coating failure, monitor' },
  { id: 4, codeValue: '4', description: 'Section loss or pitting, schedule repair' },
  { id: 5, codeValue: '5', description: 'Crack or severe section loss, replace' },
  { id: 6, codeValue: 'NV', description: 'Not visible in photo' },
];

export const KNUCKLE_FLAT_POSITIONS = [
  { id: 1, name: 'Knuckle Top' },
  { id: 2, name: 'Knuckle Bottom' },
  { id: 3, name: 'Knuckle Side' },
  { id: 4, name: 'Flat Top' },
  { id: 5, name: 'Flat Bottom' },
  { id: 6, name: 'Flat Side' },
];

export const ABB_ID_TYPES = [
  { id: 1, idTypeName: 'Flange ID Tag' },
  { id: 2, idTypeName: 'RFID Tag' },
  { id: 3, idTypeName: 'Serial Plate' },
  { id: 4, idTypeName: 'Structure Number Sign' },
];

/** Which view of the structure a photo shows. */
export const IMAGE_IDENTIFIERS = [
  { annoImgId: 1, annoImgName: 'Overview' },
  { annoImgId: 2, annoImgName: 'Top' },
  { annoImgId: 3, annoImgName: 'Side A' },
  { annoImgId: 4, annoImgName: 'Side B' },
  { annoImgId: 5, annoImgName: 'Base' },
  { annoImgId: 6, annoImgName: 'Structure ID Tag' },
  { annoImgId: 7, annoImgName: 'Close Up' },
  // The component views a reviewer picks on component-level inspections.
  { annoImgId: 8, annoImgName: 'Insulator' },
  { annoImgId: 9, annoImgName: 'Crossarm' },
  { annoImgId: 10, annoImgName: 'Conductor' },
  { annoImgId: 11, annoImgName: 'Hardware' },
];
