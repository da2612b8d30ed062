// What each tag of the API documentation holds, in the words of an ERP integrator.
import { API_TAGS } from '../resources/engine/api-names.js';

export const TAG_DESCRIPTIONS: Record<string, string> = {
  [API_TAGS.signIn]:
    'Tokens: a user signs in with a name and password; a customer ERP uses the read-only token an admin made for its account.',
  [API_TAGS.calls]:
    'Projects (vessel calls: a ship at a port for a customer) and their events (arrival, berthing, stoppages).',
  [API_TAGS.cargo]:
    'The packing list of a call: its items, validated by the tally, the import of a list, the remaining parts.',
  [API_TAGS.shifts]: 'Hands (a gang’s working shift), their events and incidences.',
  [API_TAGS.incidences]: 'Incidences of a call: damage, delays and other problems, with their status.',
  [API_TAGS.reports]:
    'Report records and the files made from them: coil, SOF and prompter spreadsheets, the container report PDF.',
  [API_TAGS.files]: 'Photos and documents attached to records: list, upload, download one or all (ZIP).',
  [API_TAGS.reference]:
    'Reference lists the records point to: customers, vessels, ports, commodities, statuses, types.',
  [API_TAGS.webhooks]: 'Endpoints that receive signed notices of changes, and their deliveries (admins).',
  [API_TAGS.access]: 'Read-only API tokens of customer accounts (admins).',
  [API_TAGS.sync]: 'The protocol the tablets sync through (pull changes, push a batch) and the devices seen.',
  [API_TAGS.service]: 'Health and metrics of the server, and the public contact form.',
};
