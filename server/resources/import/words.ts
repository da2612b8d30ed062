// Words a packing list may use for a commodity, a location or a label colour, in English or Spanish
// (normalised: lower case, no accents), and the code each stands for.
import type { commodities, locations } from '../../../src/domain/enums.js';

export const COMMODITY_WORDS: Record<string, (typeof commodities)[number]> = {
  coil: 'coil',
  coils: 'coil',
  bobina: 'coil',
  bobinas: 'coil',
  granite: 'granite',
  granito: 'granite',
  aluminium: 'aluminium',
  aluminum: 'aluminium',
  aluminio: 'aluminium',
  other: 'other',
  otro: 'other',
  otros: 'other',
  otra: 'other',
};

export const LOCATION_WORDS: Record<string, (typeof locations)[number]> = {
  onboard: 'onboard',
  'on board': 'onboard',
  'a bordo': 'onboard',
  abordo: 'onboard',
  warehouse: 'warehouse',
  almacen: 'warehouse',
  fas: 'fas',
  truck: 'truck',
  camion: 'truck',
  uncategorized: 'uncategorized',
  uncategorised: 'uncategorized',
  'sin categoria': 'uncategorized',
  'sin clasificar': 'uncategorized',
};

export const COLOR_WORDS: Record<string, string> = {
  negro: 'black',
  gris: 'gray',
  grey: 'gray',
  rojo: 'red',
  azul: 'blue',
  amarillo: 'yellow',
  verde: 'green',
  naranja: 'orange',
  marron: 'brown',
  rosa: 'pink',
  violeta: 'violet',
  morado: 'purple',
  purpura: 'purple',
  oro: 'gold',
  dorado: 'gold',
  golden: 'gold',
  plata: 'silver',
  plateado: 'silver',
};
