import { Button, Select, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { galleryZones } from '../../domain/enums';
import { getActiveStore } from '../../store/active';
import { useLocalDb } from '../../store/hooks';
import type { FileParent } from '../../sync/files';
import { IconPlus } from '../../ui/icons';
import { Pager } from '../../ui/Pager';
import { SectionPanel } from '../../ui/record/SectionPanel';
import { AddPhotos } from './AddPhotos';
import { PhotoGrid } from './PhotoGrid';
import { PhotoViewer } from './PhotoViewer';
import { galleryPhotos, type Photo } from './queries';

/** Photos a page: a screenful of thumbnails on a tablet, so 500 photos never render at once. */
const GALLERY_PAGE_SIZE = 24;

/** The image gallery of a record (the project's): add, filter by zone, thumbnails, full view. */
function Gallery({ parent }: { parent: FileParent }) {
  const { t } = useTranslation('gallery');
  const db = useLocalDb();
  const [zone, setZone] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const last = useRef<Photo[] | undefined>(undefined);
  const result = useLiveQuery(
    () => (db ? galleryPhotos(db, parent, zone, getActiveStore()?.userId ?? null) : undefined),
    [db, parent.resource, parent.id, zone],
  );
  if (result) last.current = result;
  const photos = last.current ?? [];
  const pages = Math.max(1, Math.ceil(photos.length / GALLERY_PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const offset = (shownPage - 1) * GALLERY_PAGE_SIZE;
  const shown = photos.slice(offset, offset + GALLERY_PAGE_SIZE);
  return (
    <SectionPanel
      title={t('title')}
      testId="gallery"
      actions={
        <>
          <Select
            size="md"
            aria-label={t('zone_filter')}
            placeholder={t('all_zones')}
            data={galleryZones.map((value) => ({ value, label: t(`zones.${value}`) }))}
            value={zone}
            onChange={(value) => {
              setZone(value);
              setPage(1);
            }}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="gallery-zone-filter"
            w={200}
          />
          <Button
            size="md"
            leftSection={<IconPlus size={18} />}
            onClick={() => setAdding(true)}
            data-testid="gallery-add"
          >
            {t('add.open')}
          </Button>
        </>
      }
    >
      {result !== undefined && photos.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('empty')}
        </Text>
      )}
      <PhotoGrid photos={shown} onOpen={(index) => setOpen(offset + index)} />
      <Pager
        name="gallery-pager"
        page={shownPage}
        pageSize={GALLERY_PAGE_SIZE}
        total={photos.length}
        onChange={setPage}
      />
      <AddPhotos parent={parent} opened={adding} onClose={() => setAdding(false)} />
      <PhotoViewer photos={photos} index={open} onIndex={setOpen} />
    </SectionPanel>
  );
}

/** The project page's slot (lazy-loaded default export). */
export default function ProjectGallerySection({ projectId }: { projectId: string }) {
  return <Gallery parent={{ resource: 'project', id: projectId }} />;
}
