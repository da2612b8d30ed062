// The reference lists a new installation starts with (product-decisions.md: "Lookups and
// statuses"). Admins edit them afterwards. Statuses, activities and event types are listed in
// this order (their ids are made in this order).
import type { DelayAttribution, EventKind } from '../../../src/domain/enums.js';

/** ISO 3166-1 alpha-2 code, English and Spanish name: ports' countries, customers' countries and flags. */
export const countries: readonly [string, string, string][] = [
  ['ES', 'Spain', 'España'],
  ['PT', 'Portugal', 'Portugal'],
  ['FR', 'France', 'Francia'],
  ['IT', 'Italy', 'Italia'],
  ['DE', 'Germany', 'Alemania'],
  ['NL', 'Netherlands', 'Países Bajos'],
  ['BE', 'Belgium', 'Bélgica'],
  ['GB', 'United Kingdom', 'Reino Unido'],
  ['NO', 'Norway', 'Noruega'],
  ['DK', 'Denmark', 'Dinamarca'],
  ['MT', 'Malta', 'Malta'],
  ['GR', 'Greece', 'Grecia'],
  ['TR', 'Türkiye', 'Turquía'],
  ['MA', 'Morocco', 'Marruecos'],
  ['CN', 'China', 'China'],
  ['KR', 'South Korea', 'Corea del Sur'],
  ['JP', 'Japan', 'Japón'],
  ['IN', 'India', 'India'],
  ['BR', 'Brazil', 'Brasil'],
  ['US', 'United States', 'Estados Unidos'],
  ['PA', 'Panama', 'Panamá'],
  ['LR', 'Liberia', 'Liberia'],
  ['MH', 'Marshall Islands', 'Islas Marshall'],
  ['AG', 'Antigua and Barbuda', 'Antigua y Barbuda'],
];

export const commodities = [
  { code: 'coil', name: 'Coil', name_es: 'Bobina' },
  { code: 'granite', name: 'Granite', name_es: 'Granito' },
  { code: 'aluminium', name: 'Aluminium', name_es: 'Aluminio' },
  { code: 'other', name: 'Other', name_es: 'Otros' },
] as const;

/** English and Spanish names, in the order listed. */
export const projectStatuses: readonly [string, string][] = [
  ['Planned', 'Planificado'],
  ['In progress', 'En curso'],
  ['Completed', 'Completado'],
  ['Closed', 'Cerrado'],
];
export const reportStatuses: readonly [string, string][] = [
  ['Draft', 'Borrador'],
  ['Completed', 'Completado'],
];
export const incidenceStatuses: readonly [string, string][] = [
  ['Open', 'Abierta'],
  ['In progress', 'En curso'],
  ['Resolved', 'Resuelta'],
  ['Closed', 'Cerrada'],
];
export const incidenceTypes = [
  { code: 'internal', name: 'Internal', name_es: 'Interna' },
  { code: 'provider', name: 'Provider', name_es: 'Proveedor' },
] as const;
export const projectActivities = [
  { name: 'Charge', name_es: 'Carga', operation: 'Charge' },
  { name: 'Discharge', name_es: 'Descarga', operation: 'Discharge' },
] as const;

export const craneTypes: readonly [string, string][] = [
  ['Mobile harbour crane', 'Grúa móvil portuaria'],
  ["Ship's crane", 'Grúa del buque'],
  ['Ship-to-shore gantry crane', 'Grúa pórtico de muelle'],
  ['Level-luffing crane', 'Grúa de pluma horizontal'],
  ['Floating crane', 'Grúa flotante'],
  ['Crawler crane', 'Grúa sobre orugas'],
];

/** UN/LOCODE, name, country, IANA time zone, Spanish name where it differs. */
export const ports: readonly [string, string, string, string, string?][] = [
  ['ESSAG', 'Sagunto', 'ES', 'Europe/Madrid'],
  ['ESVLC', 'Valencia', 'ES', 'Europe/Madrid'],
  ['ESCAS', 'Castellón', 'ES', 'Europe/Madrid'],
  ['ESBCN', 'Barcelona', 'ES', 'Europe/Madrid'],
  ['ESTAR', 'Tarragona', 'ES', 'Europe/Madrid'],
  ['ESBIO', 'Bilbao', 'ES', 'Europe/Madrid'],
  ['ESSDR', 'Santander', 'ES', 'Europe/Madrid'],
  ['ESGIJ', 'Gijón', 'ES', 'Europe/Madrid'],
  ['ESAVS', 'Avilés', 'ES', 'Europe/Madrid'],
  ['ESVGO', 'Vigo', 'ES', 'Europe/Madrid'],
  ['ESHUV', 'Huelva', 'ES', 'Europe/Madrid'],
  ['ESALG', 'Algeciras', 'ES', 'Europe/Madrid'],
  ['ESCAR', 'Cartagena', 'ES', 'Europe/Madrid'],
  ['PTLEI', 'Leixões', 'PT', 'Europe/Lisbon'],
  ['FRMRS', 'Marseille', 'FR', 'Europe/Paris', 'Marsella'],
  ['ITGOA', 'Genoa', 'IT', 'Europe/Rome', 'Génova'],
  ['NLRTM', 'Rotterdam', 'NL', 'Europe/Amsterdam', 'Róterdam'],
  ['BEANR', 'Antwerp', 'BE', 'Europe/Brussels', 'Amberes'],
  ['DEHAM', 'Hamburg', 'DE', 'Europe/Berlin', 'Hamburgo'],
  ['CNSHA', 'Shanghai', 'CN', 'Asia/Shanghai', 'Shanghái'],
  ['CNTSN', 'Tianjin', 'CN', 'Asia/Shanghai'],
  ['KRPUS', 'Busan', 'KR', 'Asia/Seoul'],
  ['INBOM', 'Mumbai', 'IN', 'Asia/Kolkata', 'Bombay'],
  ['BRSSZ', 'Santos', 'BR', 'America/Sao_Paulo'],
  ['USHOU', 'Houston', 'US', 'America/Chicago'],
];

/** Name, flag. IMO numbers are left for the admin to fill in: the demo makes none up. */
export const vessels: readonly [string, string][] = [
  ['Star Lindesnes', 'NO'],
  ['BBC Oregon', 'AG'],
  ['Pan Crystal', 'KR'],
  ['Atlantic Pioneer', 'MT'],
  ['Nordic Steel', 'LR'],
  ['Mar Cantábrico', 'PT'],
  ['Iron Mistral', 'MH'],
  ['Granite Trader', 'PA'],
];

/** Customers and providers for the demo (fictitious companies). */
export const accounts = [
  {
    trade_name: 'Siderúrgica Levantina',
    legal_name: 'Siderúrgica Levantina S.A.',
    tax_id: 'A46218537',
    country: 'ES',
  },
  {
    trade_name: 'Aceros del Cantábrico',
    legal_name: 'Aceros del Cantábrico S.L.',
    tax_id: 'B39574210',
    country: 'ES',
  },
  {
    trade_name: 'Nordic Aluminium Trading',
    legal_name: 'Nordic Aluminium Trading AS',
    tax_id: 'NO918273645',
    country: 'NO',
  },
  {
    trade_name: 'Granitos del Noroeste',
    legal_name: 'Granitos del Noroeste S.A.',
    tax_id: 'A36482915',
    country: 'ES',
  },
  {
    trade_name: 'Grúas Levante',
    legal_name: 'Grúas y Montajes Levante S.L.',
    tax_id: 'B12573948',
    country: 'ES',
  },
] as const;

/** Master event types: description, kind, who causes the delay (stoppages), Spanish description. */
export const eventTypes: readonly [string, EventKind, DelayAttribution | null, string][] = [
  ['Vessel arrived', 'milestone', null, 'Llegada del buque'],
  ['NOR tendered', 'milestone', null, 'Aviso de alistamiento (NOR) presentado'],
  ['All fast', 'milestone', null, 'Buque amarrado'],
  ['Hatch opening', 'stoppage', 'ship', 'Apertura de escotillas'],
  ['Operations commenced', 'milestone', null, 'Inicio de operaciones'],
  ['Working shift', 'working', null, 'Turno de trabajo'],
  ['Meal break', 'stoppage', 'stevedore', 'Pausa para comer'],
  ['Rain', 'stoppage', 'weather', 'Lluvia'],
  ['Crane breakdown', 'stoppage', 'stevedore', 'Avería de grúa'],
  ['Waiting for cargo', 'stoppage', 'receiver', 'Espera de mercancía'],
  ['Waiting for trucks', 'stoppage', 'receiver', 'Espera de camiones'],
  ['Hatch closing', 'stoppage', 'ship', 'Cierre de escotillas'],
  ['Operations completed', 'milestone', null, 'Fin de operaciones'],
  ['Documents on board', 'milestone', null, 'Documentos a bordo'],
  ['Vessel sailed', 'milestone', null, 'Salida del buque'],
];
