import { withDocLinkMode } from '@prosign/domain';
import { PdfViewer } from '@prosign/ui';
import { SendStep } from '@prosign/ui/agreements';
import { useNavigate } from 'react-router';
import { TemplateSectionsEditor } from '../../shared/TemplateSectionsEditor';
import type { CoTemplateStep } from '../hooks/useCoTemplateStep';
import { CO_TEXTS } from '../utils/co-form-values';

/** Step 2 of `/co`: the template texts, Save, Send, and the document's preview. */
export function CoTemplateStepPanel({ template }: { template: CoTemplateStep }) {
  const navigate = useNavigate();
  const { docLink, send, sent, finalSubmitted } = template;
  return (
    <>
      {template.step === 'template' && docLink ? (
        <div className="co-step2">
          <section className="ps-card sow-panel" aria-label="Template text">
            <TemplateSectionsEditor
              family="co"
              label="Template fields"
              intro={
                <>
                  Edit the wording of the change order. Placeholders show the value they will take
                  as <code>{'<<$name:value>>'}</code>; keep every one of them. Save, then send.
                </>
              }
              sections={template.sections()}
              values={template.texts}
              onChange={template.edit}
              serverErrors={template.textErrors}
              saving={template.create.isPending}
              onSave={template.save}
              onBack={() => template.setStep('form')}
            />
            <SendStep
              className="sow-actions"
              send={{
                label: CO_TEXTS.send,
                pendingLabel: CO_TEXTS.sending,
                pending: send.isPending,
                disabled: !finalSubmitted || send.isPending || Boolean(sent),
                onClick: template.sendContract,
              }}
              sent={sent}
              onSentClose={() => navigate('/')}
              sentNotice="copy-link"
            />
            {!finalSubmitted ? (
              <p className="ps-field__hint">Save the template text to enable sending.</p>
            ) : null}
          </section>
          <section className="ps-card sow-panel co-step2__preview" aria-label="Preview">
            <PdfViewer
              key={docLink}
              url={withDocLinkMode(docLink, 'preview')}
              title="Change order document"
            />
          </section>
        </div>
      ) : null}
    </>
  );
}
