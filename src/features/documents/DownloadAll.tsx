// A record's "Download all": the documents as one ZIP (the button), or, from its menu, the record's claim
// bundle (issue 21): its photos and documents as stored, a manifest of their hashes and provenance, a PDF
// index and the bundle's hash to quote in a claim.
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentParentRef } from '../../api/attachments';
import { makeRecordClaimBundle } from '../../api/reports';
import { IconChevronDown, IconDownload, IconFile } from '../../ui/icons';
import { ClaimBundleDialog } from './ClaimBundleDialog';

interface Props {
  parent: AttachmentParentRef;
  /** The documents' ZIP, and whether it is being made. */
  zip: () => void;
  zipping: boolean;
  /** No documents: the ZIP has nothing to hold (the claim bundle may still hold photos). */
  noDocuments: boolean;
}

export function DownloadAll({ parent, zip, zipping, noDocuments }: Props) {
  const { t } = useTranslation(['documents', 'reports']);
  const [claiming, setClaiming] = useState(false);
  return (
    <>
      <Button.Group>
        <Button
          size="md"
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={zip}
          loading={zipping}
          disabled={noDocuments}
          data-testid="documents-zip"
        >
          {t('download_all')}
        </Button>
        {/* Within a phone's width: the items' words wrap rather than run off the screen. */}
        <Menu position="bottom-end" withinPortal styles={{ itemLabel: { whiteSpace: 'normal' } }}>
          <Menu.Target>
            <Button
              size="md"
              variant="default"
              px="sm"
              miw={48}
              aria-label={t('download_more')}
              data-testid="documents-zip-more"
            >
              <IconChevronDown size={18} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw="calc(100vw - 24px)">
            <Menu.Item leftSection={<IconDownload size={18} />} onClick={zip} disabled={noDocuments}>
              {t('download_all')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFile size={18} />}
              onClick={() => setClaiming(true)}
              data-testid="documents-claim"
            >
              {t('claim_bundle')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Button.Group>
      <ClaimBundleDialog
        opened={claiming}
        onClose={() => setClaiming(false)}
        what={t('reports:claim.what_record')}
        make={(options, onProgress) => makeRecordClaimBundle(parent, options, onProgress)}
      />
    </>
  );
}
