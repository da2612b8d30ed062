// Fixed value sets of the domain. Values are what is stored and sent; labels are translated by
// the PWA (locale keys named after the values).

export const commodities = ['aluminium', 'coil', 'granite', 'other'] as const;
export type CommodityCode = (typeof commodities)[number];

export const locations = ['onboard', 'warehouse', 'fas', 'truck', 'uncategorized'] as const;

/** Image gallery zones of a project's photos. */
export const galleryZones = ['onboard', 'fas', 'warehouse', 'truck', 'others', 'uncategorized'] as const;
export type GalleryZone = (typeof galleryZones)[number];

/**
 * Loose counter label colors, with fixed hex values (the CSS named colors of the same name, so a
 * printed chart and the screen agree; golden is CSS gold).
 */
export const looseLabelColorHex = {
  white: '#FFFFFF',
  black: '#000000',
  gray: '#808080',
  red: '#FF0000',
  blue: '#0000FF',
  yellow: '#FFFF00',
  green: '#008000',
  orange: '#FFA500',
  brown: '#A52A2A',
  pink: '#FFC0CB',
  violet: '#EE82EE',
  purple: '#800080',
  golden: '#FFD700',
  silver: '#C0C0C0',
} as const;
export const looseLabelColors = [
  'white',
  'black',
  'gray',
  'red',
  'blue',
  'yellow',
  'green',
  'orange',
  'brown',
  'pink',
  'violet',
  'purple',
  'golden',
  'silver',
] as const satisfies readonly (keyof typeof looseLabelColorHex)[];

/** Label colors on packing items: the loose counter's set with gold for golden and no white. */
export const packingLabelColorHex = {
  black: '#000000',
  gray: '#808080',
  red: '#FF0000',
  blue: '#0000FF',
  yellow: '#FFFF00',
  green: '#008000',
  orange: '#FFA500',
  brown: '#A52A2A',
  pink: '#FFC0CB',
  violet: '#EE82EE',
  purple: '#800080',
  gold: '#FFD700',
  silver: '#C0C0C0',
} as const;
export const packingLabelColors = [
  'black',
  'gray',
  'red',
  'blue',
  'yellow',
  'green',
  'orange',
  'brown',
  'pink',
  'violet',
  'purple',
  'gold',
  'silver',
] as const satisfies readonly (keyof typeof packingLabelColorHex)[];

/** Container inspection: the condition of a side. */
export const sideConditions = ['no_damage', 'broken', 'small_damage'] as const;

/** What a project activity does with the cargo (project-activity lookup). */
export const operationKinds = ['Charge', 'Discharge'] as const;
export type OperationKind = (typeof operationKinds)[number];

export const incidenceTypes = ['internal', 'provider'] as const;

/** What a hand incidence is about. */
export const handIncidenceIssues = ['people', 'commodity', 'machines', 'vessel', 'others'] as const;
export type HandIncidenceIssue = (typeof handIncidenceIssues)[number];

/** Damage checkboxes of a packing item (coils only). */
export const packingDamageKinds = [
  'marked_by_bulkhead',
  'opened_packing',
  'wrapping',
  'marked_by_stamps',
] as const;

/** Master event types: a point in time, a working period ('Working shift') or a stoppage. */
export const eventKinds = ['milestone', 'working', 'stoppage'] as const;
export type EventKind = (typeof eventKinds)[number];

/** Who caused a stoppage. */
export const delayAttributions = ['ship', 'stevedore', 'receiver', 'weather', 'authority', 'other'] as const;
export type DelayAttribution = (typeof delayAttributions)[number];

/** The kind of ship a vessel is. */
export const vesselTypes = [
  'general_cargo',
  'bulk_carrier',
  'multipurpose',
  'heavy_lift',
  'container',
  'ro_ro',
  'tanker',
  'reefer',
  'other',
] as const;

export const roles = ['admin', 'staff'] as const;

/** Who signs a statement of facts on the tablet. */
export const sofSignatureRoles = ['master', 'agent', 'stevedore'] as const;
export type SofSignatureRole = (typeof sofSignatureRoles)[number];
