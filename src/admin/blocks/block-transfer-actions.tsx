/**
 * The Blocks page's way in and out for whole files: an Export menu (JSON or CSV, saved by the
 * browser) and an Import button that opens the import dialog (loaded when first opened).
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { downloadBlocksExport, type FileRequestContext } from '../api/transfer';
import type { BlockExportFormat, BlockImportReport } from '../../api/contract/admin-transfer';
import { useAuthServices } from '../../auth/auth-services';
import { authAtom } from '../../state/auth';
import { saveFile } from '../usage/save-file';
import { importDoneMessage } from './import-summary';

const ImportBlocksDialog = lazy(() => import('./import-blocks-dialog').then((module) => ({ default: module.ImportBlocksDialog })));

/** A message for the Blocks page to show. */
export interface TransferNotice {
  intent: 'success' | 'error';
  text: string;
}

export function BlockTransferActions(props: { team: TeamRef; onNotice: (notice: TransferNotice | null) => void }) {
  const services = useAuthServices();
  const store = useStore();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const requests: FileRequestContext = { client: services.api, getIdToken: () => store.get(authAtom).idToken, fetch: services.fetch };

  async function exportAs(format: BlockExportFormat) {
    setExporting(true);
    props.onNotice(null);
    try {
      saveFile(await downloadBlocksExport(requests, props.team, format));
    } catch (failure) {
      console.warn('Exporting the blocks failed', failure);
      props.onNotice({ intent: 'error', text: 'The blocks could not be exported. Please try again, and if the problem persists contact our team.' });
    } finally {
      setExporting(false);
    }
  }

  async function imported(report: BlockImportReport) {
    setImporting(false);
    props.onNotice({ intent: 'success', text: importDoneMessage(report) });
    await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
  }

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton icon={<ArrowDownloadRegular />} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export'}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={() => void exportAs('json')}>JSON file</MenuItem>
            <MenuItem onClick={() => void exportAs('csv')}>CSV file (spreadsheets)</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Button
        icon={<ArrowUploadRegular />}
        onClick={() => {
          props.onNotice(null);
          setImporting(true);
        }}
      >
        Import
      </Button>
      {importing && (
        <Suspense fallback={null}>
          <ImportBlocksDialog team={props.team} requests={requests} onClose={() => setImporting(false)} onImported={(report) => void imported(report)} />
        </Suspense>
      )}
    </>
  );
}
