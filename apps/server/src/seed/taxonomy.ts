/**
 * The starting defect taxonomy: annotation components (categories) and their deficiencies (sub-categories).
 * Fixed ids come from positions: component n (1-based) has id n, its k-th deficiency has id n*100 + k.
 * So only ever append (a deficiency to its component's list, a component at the end; at most 99 each);
 * entries users add at run time get serial ids above these.
 */
export const COMPONENT_TAXONOMY: ReadonlyArray<{ component: string; deficiencies: readonly string[] }> = [
  {
    component: 'Pole / Structure',
    deficiencies: [
      'Woodpecker Damage',
      'Rot / Decay',
      'Split / Check',
      'Leaning',
      'Fire Damage',
      'Groundline Decay',
      'Insect Damage',
      'Bent / Buckled Member',
      'Missing Member',
      'Corrosion',
    ],
  },
  {
    component: 'Crossarm',
    deficiencies: [
      'Split / Cracked',
      'Rot / Decay',
      'Broken',
      'Twisted / Rotated',
      'Burn Damage',
      'Loose Brace',
      'Corrosion',
    ],
  },
  {
    component: 'Insulator',
    deficiencies: [
      'Broken / Chipped Shell',
      'Flashover Marks',
      'Contamination',
      'Cracked',
      'Polymer Tracking / Erosion',
      'Bent Pin',
      'Loose Tie Wire',
      'Missing Cotter Key',
    ],
  },
  {
    component: 'Conductor',
    deficiencies: [
      'Broken Strands',
      'Bird Caging',
      'Burn / Arc Damage',
      'Low Clearance',
      'Off Insulator',
      'Excessive Sag',
      'Corrosion',
    ],
  },
  {
    component: 'Shield Wire / OPGW',
    deficiencies: ['Broken Strands', 'Corrosion', 'Damaged Clamp', 'Lightning Damage'],
  },
  {
    component: 'Guy / Anchor',
    deficiencies: [
      'Slack Guy',
      'Broken Guy',
      'Missing Guy Guard',
      'Anchor Pulling Out',
      'Corroded Anchor Rod',
    ],
  },
  {
    component: 'Hardware',
    deficiencies: [
      'Loose / Missing Bolt',
      'Corrosion',
      'Worn Shackle',
      'Missing Cotter Key',
      'Bent Hardware',
    ],
  },
  {
    component: 'Grounding',
    deficiencies: ['Broken Ground Wire', 'Missing Ground', 'Damaged Ground Moulding'],
  },
  {
    component: 'Foundation',
    deficiencies: [
      'Cracked Concrete',
      'Exposed Rebar',
      'Erosion / Washout',
      'Anchor Bolt Corrosion',
      'Grout Damage',
    ],
  },
  {
    component: 'Transformer',
    deficiencies: ['Oil Leak', 'Bulging Tank', 'Corrosion', 'Missing Wildlife Guard', 'Damaged Bushing'],
  },
  {
    component: 'Switch / Cutout',
    deficiencies: ['Broken Cutout Door', 'Flashover Marks', 'Misaligned Blade', 'Missing Fuse Link'],
  },
  {
    component: 'Lightning Arrester',
    deficiencies: ['Blown Arrester', 'Disconnected Lead', 'Cracked Housing'],
  },
  {
    component: 'Damper / Spacer',
    deficiencies: ['Slipped Damper', 'Missing Damper', 'Broken Spacer'],
  },
  {
    component: 'Splice / Sleeve',
    deficiencies: ['Overheated Splice', 'Cracked Sleeve', 'Too Many Splices In Span'],
  },
  {
    component: 'Vegetation',
    deficiencies: ['Encroachment', 'Vines On Structure', 'Danger Tree', 'Undergrowth'],
  },
  {
    component: 'Right of Way',
    deficiencies: ['Access Blocked', 'Erosion', 'Encroaching Building'],
  },
  {
    component: 'Marker / Sign',
    deficiencies: ['Missing Structure ID', 'Faded / Illegible Sign', 'Missing Aerial Marker Ball'],
  },
  {
    component: 'Foreign Object',
    deficiencies: ['Bird Nest', 'Balloon / Kite', 'Debris On Line'],
  },
  {
    component: 'Joint Use Attachment',
    deficiencies: ['Sagging Comm Line', 'Unauthorized Attachment', 'Clearance Violation'],
  },
];

/** The taxonomy as rows with their fixed ids. */
export function taxonomyRows() {
  const componentRows: Array<{ id: number; displayText: string }> = [];
  const deficiencyRows: Array<{ id: number; categoryId: number; subCategoryText: string }> = [];
  COMPONENT_TAXONOMY.forEach((entry, i) => {
    const componentId = i + 1;
    componentRows.push({ id: componentId, displayText: entry.component });
    entry.deficiencies.forEach((text, k) => {
      deficiencyRows.push({ id: componentId * 100 + k + 1, categoryId: componentId, subCategoryText: text });
    });
  });
  return { componentRows, deficiencyRows };
}
