-- Reference data in two languages, vessels and ports identified (issue 16).
-- Every translated reference list gets its Spanish name beside the English one the API has always
-- carried (name or description), and the entries a previous release seeded get theirs here (by their
-- English name, only where none is set), so a Spanish screen or report shows no English name. Vessels
-- gain call sign, type and deadweight; ports their IANA time zone (the seeded ones filled by UN/LOCODE).
-- The values are the seed's (server/db/seed/lookup-data.ts; migration.test.ts checks they agree).
-- Rows changed here take a new seq and version, so devices pull them.

ALTER TABLE country ADD COLUMN name_es text;
ALTER TABLE commodity ADD COLUMN name_es text;
ALTER TABLE port ADD COLUMN name_es text;
ALTER TABLE port ADD COLUMN time_zone text;
ALTER TABLE project_status ADD COLUMN name_es text;
ALTER TABLE report_status ADD COLUMN description_es text;
ALTER TABLE project_activity ADD COLUMN name_es text;
ALTER TABLE event ADD COLUMN description_es text;
ALTER TABLE crane_type ADD COLUMN name_es text;
ALTER TABLE incidence_status ADD COLUMN name_es text;
ALTER TABLE incidence_type ADD COLUMN name_es text;

ALTER TABLE vessel ADD COLUMN call_sign text;
ALTER TABLE vessel ADD COLUMN vessel_type text
  CHECK (vessel_type IN ('general_cargo', 'bulk_carrier', 'multipurpose', 'heavy_lift', 'container', 'ro_ro', 'tanker', 'reefer', 'other'));
ALTER TABLE vessel ADD COLUMN dwt integer CHECK (dwt >= 0);


UPDATE country AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Spain', 'España'),
  ('Portugal', 'Portugal'),
  ('France', 'Francia'),
  ('Italy', 'Italia'),
  ('Germany', 'Alemania'),
  ('Netherlands', 'Países Bajos'),
  ('Belgium', 'Bélgica'),
  ('United Kingdom', 'Reino Unido'),
  ('Norway', 'Noruega'),
  ('Denmark', 'Dinamarca'),
  ('Malta', 'Malta'),
  ('Greece', 'Grecia'),
  ('Türkiye', 'Turquía'),
  ('Morocco', 'Marruecos'),
  ('China', 'China'),
  ('South Korea', 'Corea del Sur'),
  ('Japan', 'Japón'),
  ('India', 'India'),
  ('Brazil', 'Brasil'),
  ('United States', 'Estados Unidos'),
  ('Panama', 'Panamá'),
  ('Liberia', 'Liberia'),
  ('Marshall Islands', 'Islas Marshall'),
  ('Antigua and Barbuda', 'Antigua y Barbuda')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE commodity AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Coil', 'Bobina'),
  ('Granite', 'Granito'),
  ('Aluminium', 'Aluminio'),
  ('Other', 'Otros')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE project_status AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Planned', 'Planificado'),
  ('In progress', 'En curso'),
  ('Completed', 'Completado'),
  ('Closed', 'Cerrado')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE report_status AS t SET description_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Draft', 'Borrador'),
  ('Completed', 'Completado')
) AS v (en, es)
WHERE t.description = v.en AND t.description_es IS NULL;

UPDATE incidence_status AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Open', 'Abierta'),
  ('In progress', 'En curso'),
  ('Resolved', 'Resuelta'),
  ('Closed', 'Cerrada')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE incidence_type AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Internal', 'Interna'),
  ('Provider', 'Proveedor'),
  ('Charge', 'Carga'),
  ('Discharge', 'Descarga')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE project_activity AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Charge', 'Carga'),
  ('Discharge', 'Descarga')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE crane_type AS t SET name_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Mobile harbour crane', 'Grúa móvil portuaria'),
  ('Ship''s crane', 'Grúa del buque'),
  ('Ship-to-shore gantry crane', 'Grúa pórtico de muelle'),
  ('Level-luffing crane', 'Grúa de pluma horizontal'),
  ('Floating crane', 'Grúa flotante'),
  ('Crawler crane', 'Grúa sobre orugas')
) AS v (en, es)
WHERE t.name = v.en AND t.name_es IS NULL;

UPDATE event AS t SET description_es = v.es, version = t.version + 1, updated_at = now()
FROM (VALUES
  ('Vessel arrived', 'Llegada del buque'),
  ('NOR tendered', 'Aviso de alistamiento (NOR) presentado'),
  ('All fast', 'Buque amarrado'),
  ('Hatch opening', 'Apertura de escotillas'),
  ('Operations commenced', 'Inicio de operaciones'),
  ('Working shift', 'Turno de trabajo'),
  ('Meal break', 'Pausa para comer'),
  ('Rain', 'Lluvia'),
  ('Crane breakdown', 'Avería de grúa'),
  ('Waiting for cargo', 'Espera de mercancía'),
  ('Waiting for trucks', 'Espera de camiones'),
  ('Hatch closing', 'Cierre de escotillas'),
  ('Operations completed', 'Fin de operaciones'),
  ('Documents on board', 'Documentos a bordo'),
  ('Vessel sailed', 'Salida del buque')
) AS v (en, es)
WHERE t.description = v.en AND t.description_es IS NULL;

UPDATE port AS t
SET time_zone = coalesce(t.time_zone, v.time_zone), name_es = coalesce(t.name_es, v.es),
  version = t.version + 1, updated_at = now()
FROM (VALUES
  ('ESSAG', 'Europe/Madrid', NULL),
  ('ESVLC', 'Europe/Madrid', NULL),
  ('ESCAS', 'Europe/Madrid', NULL),
  ('ESBCN', 'Europe/Madrid', NULL),
  ('ESTAR', 'Europe/Madrid', NULL),
  ('ESBIO', 'Europe/Madrid', NULL),
  ('ESSDR', 'Europe/Madrid', NULL),
  ('ESGIJ', 'Europe/Madrid', NULL),
  ('ESAVS', 'Europe/Madrid', NULL),
  ('ESVGO', 'Europe/Madrid', NULL),
  ('ESHUV', 'Europe/Madrid', NULL),
  ('ESALG', 'Europe/Madrid', NULL),
  ('ESCAR', 'Europe/Madrid', NULL),
  ('PTLEI', 'Europe/Lisbon', NULL),
  ('FRMRS', 'Europe/Paris', 'Marsella'),
  ('ITGOA', 'Europe/Rome', 'Génova'),
  ('NLRTM', 'Europe/Amsterdam', 'Róterdam'),
  ('BEANR', 'Europe/Brussels', 'Amberes'),
  ('DEHAM', 'Europe/Berlin', 'Hamburgo'),
  ('CNSHA', 'Asia/Shanghai', 'Shanghái'),
  ('CNTSN', 'Asia/Shanghai', NULL),
  ('KRPUS', 'Asia/Seoul', NULL),
  ('INBOM', 'Asia/Kolkata', 'Bombay'),
  ('BRSSZ', 'America/Sao_Paulo', NULL),
  ('USHOU', 'America/Chicago', NULL)
) AS v (code, time_zone, es)
WHERE t.code = v.code AND (t.time_zone IS NULL OR (t.name_es IS NULL AND v.es IS NOT NULL));
