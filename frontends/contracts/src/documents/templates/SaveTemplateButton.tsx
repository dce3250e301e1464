import { isApiError } from '@prosign/api-client';
import {
  ROUTES,
  type DocumentDraft,
  type DocumentTemplateVersionRef,
  type FieldPlacement,
  type PlacementRecipient,
} from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { recipientLabel } from '../builder/recipients';
import { RefusalList } from './RefusalList';
import type { DraftSaveStatus } from '../builder/useDraftAutosave';
import { useSaveTemplate, useTemplateVersion } from './templates-api';

interface SaveTemplateButtonProps {
  draft: DocumentDraft;
  /**
   * The builder's recipients and fields as shown, and its autosave: a template is made from
   * the saved draft, so it waits until the server has what is shown.
   */
  builder: {
    recipients: readonly PlacementRecipient[];
    placement: FieldPlacement;
    autosave: { status: DraftSaveStatus };
  };
}

/** The template a save goes to: a version of one saved before, or a new one. */
interface SavedTemplate extends DocumentTemplateVersionRef {
  name: string;
}

/**
 * "Save as template" in the builder: the prepared document kept with a role named for each
 * recipient. A draft made from a template, or saved as one before, saves a new version of it
 * (or, when asked, a new template).
 */
export function SaveTemplateButton(props: SaveTemplateButtonProps) {
  const [open, setOpen] = useState(false);
  const [savedAs, setSavedAs] = useState<SavedTemplate | null>(null);
  return (
    <>
      <button type="button" className="ps-button" onClick={() => setOpen(true)}>
        Save as template
      </button>
      {open ? (
        <SaveTemplateDialog
          {...props}
          savedAs={savedAs}
          onSaved={setSavedAs}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

interface SaveTemplateDialogProps extends SaveTemplateButtonProps {
  savedAs: SavedTemplate | null;
  onSaved: (template: SavedTemplate) => void;
  onClose: () => void;
}

const withoutPdf = (fileName: string) => fileName.replace(/\.pdf$/i, '');

export function SaveTemplateDialog({
  draft,
  builder,
  savedAs,
  onSaved,
  onClose,
}: SaveTemplateDialogProps) {
  const { recipients } = builder;
  const saved = builder.autosave.status === 'saved';
  const origin = useTemplateVersion(savedAs ?? draft.template);
  const base = origin.data;
  const [asVersion, setAsVersion] = useState(true);
  const [name, setName] = useState<string | null>(null);
  const [roleNames, setRoleNames] = useState<Record<string, string>>({});
  const [done, setDone] = useState<SavedTemplate | null>(null);
  const save = useSaveTemplate();
  const withFields = recipients.filter(
    (recipient) =>
      recipient.role !== 'cc' &&
      builder.placement.fields.some((field) => field.recipientId === recipient.id),
  );
  const shownName = name ?? base?.name ?? withoutPdf(draft.fileName);
  const roleName = (id: string) =>
    roleNames[id] ?? base?.roles.find((role) => role.id === id)?.name ?? '';
  const target = base && asVersion ? base : null;
  const refusal = save.error
    ? isApiError(save.error)
      ? save.error.messages
      : [save.error.message]
    : [];

  const submit = () =>
    save.mutate(
      {
        templateId: target?.id ?? null,
        body: {
          draftId: draft.id,
          name: shownName,
          roles: withFields.map((recipient) => ({
            id: recipient.id,
            name: roleName(recipient.id),
          })),
        },
      },
      {
        onSuccess: (template) => {
          const savedTemplate = { id: template.id, version: template.version, name: template.name };
          onSaved(savedTemplate);
          setDone(savedTemplate);
        },
      },
    );

  if (done) return <TemplateSavedDialog saved={done} onClose={onClose} />;

  const blocked =
    withFields.length === 0 || !saved || (draft.template !== null && origin.isPending);
  return (
    <Dialog open title="Save as template" onClose={onClose} describeBody={false} size="wide">
      <form
        className="ps-doc-templates__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {base ? (
          <fieldset className="ps-doc-templates__role">
            <legend className="ps-field__label">Save as</legend>
            <label className="ps-doc-templates__choice">
              <input type="radio" checked={asVersion} onChange={() => setAsVersion(true)} />A new
              version of “{base.name}” (now at version {base.version})
            </label>
            <label className="ps-doc-templates__choice">
              <input type="radio" checked={!asVersion} onChange={() => setAsVersion(false)} />A new
              template
            </label>
          </fieldset>
        ) : null}
        <label className="ps-field">
          <span className="ps-field__label">Template name</span>
          <input
            className="ps-input"
            value={shownName}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        {withFields.length === 0 ? (
          <p role="note">Place fields for a signer first: a template names a role for each.</p>
        ) : (
          <fieldset className="ps-doc-templates__role">
            <legend className="ps-field__label">Roles</legend>
            <p className="ps-field__hint">
              Who each recipient is, in any document made from this template (“Client”, “Engineer of
              record”).
            </p>
            {withFields.map((recipient) => {
              const index = recipients.indexOf(recipient);
              return (
                <label key={recipient.id} className="ps-field">
                  <span className="ps-field__label">
                    Role of {recipientLabel(recipient, index)}
                  </span>
                  <input
                    className="ps-input"
                    value={roleName(recipient.id)}
                    placeholder={recipient.role === 'countersigner' ? 'Firm' : 'Client'}
                    onChange={(event) =>
                      setRoleNames((current) => ({
                        ...current,
                        [recipient.id]: event.target.value,
                      }))
                    }
                  />
                </label>
              );
            })}
          </fieldset>
        )}
        {saved ? null : <p role="status">Saving the builder’s latest changes first…</p>}
        <RefusalList title="The template was not saved." reasons={refusal} />
        <div className="ps-dialog__actions">
          <button
            type="submit"
            className="ps-button ps-button--primary"
            disabled={blocked || save.isPending}
          >
            {save.isPending ? 'Saving…' : target ? 'Save new version' : 'Save template'}
          </button>
          <button type="button" className="ps-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function TemplateSavedDialog({ saved, onClose }: { saved: SavedTemplate; onClose: () => void }) {
  return (
    <Dialog
      open
      title="Template saved"
      onClose={onClose}
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p role="status">
        Saved as version {saved.version} of “{saved.name}”.{' '}
        <Link to={ROUTES.documentTemplates}>See the templates</Link>
      </p>
    </Dialog>
  );
}
