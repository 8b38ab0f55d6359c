import {
  Badge,
  Body1,
  Button,
  Caption1,
  Caption1Strong,
  Field,
  Input,
  Label,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Subtitle2,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { languageName } from '../../domain/languages';
import { BlockPreview } from '../../ui/block-preview';
import { sanitizeBlockHtml } from '../../sanitize/sanitize-html';
import { BodyEditor } from './body-editor';
import { emptyVariant, variantErrorKey, type BlockFormErrors, type VariantFormValues } from './block-form';

/** Below this width the English text and its variant are stacked instead of side by side. */
const STACKED = '@media (max-width: 900px)';

const useStyles = makeStyles({
  languages: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: { margin: 0 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  panelHeader: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    [STACKED]: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalL },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  english: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, color: tokens.colorNeutralForeground2 },
  englishFacts: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  englishValue: { margin: 0, overflowWrap: 'anywhere', color: tokens.colorNeutralForeground1 },
  reference: {
    backgroundColor: tokens.colorNeutralBackground2,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '& p': { marginBlock: `0 ${tokens.spacingVerticalS}` },
  },
  attachments: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  attachment: { alignSelf: 'stretch', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  // Read by screen readers, so each field's name says its language; the panel's heading shows it.
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/** The English text the variants are written from, as the form holds it now. */
export interface EnglishText {
  name: string;
  subjectLine: string;
  body: string;
}

/**
 * The block's text in the account's other languages, each beside the English text it renders:
 * a panel per language of the account (and per language the block already has a version in, so
 * none is dropped unseen), with "Add … version", "Remove … version", and the "Needs update" mark
 * the server sets when the English text changed after the version was saved.
 */
export function VariantPanels(props: {
  /** The account's languages other than English. */
  languages: readonly string[];
  english: EnglishText;
  variants: readonly VariantFormValues[];
  onChange: (variants: VariantFormValues[]) => void;
  errors: BlockFormErrors;
}) {
  const styles = useStyles();
  const shown = [...props.languages, ...props.variants.map((variant) => variant.language).filter((language) => !props.languages.includes(language))];
  if (shown.length === 0) return null;
  const change = (language: string, next: VariantFormValues | null) =>
    props.onChange(
      next === null
        ? props.variants.filter((variant) => variant.language !== language)
        : props.variants.some((variant) => variant.language === language)
          ? props.variants.map((variant) => (variant.language === language ? next : variant))
          : [...props.variants, next],
    );
  return (
    <section aria-labelledby="languages-heading" className={styles.languages}>
      <Subtitle2 as="h2" id="languages-heading" className={styles.heading}>
        Other languages
      </Subtitle2>
      {props.errors.variants && <Field validationMessage={props.errors.variants} validationState="error" />}
      {shown.map((language) => (
        <VariantPanel
          key={language}
          language={language}
          inAccount={props.languages.includes(language)}
          english={props.english}
          variant={props.variants.find((variant) => variant.language === language)}
          onChange={(next) => change(language, next)}
          errors={props.errors}
        />
      ))}
    </section>
  );
}

function VariantPanel(props: {
  language: string;
  inAccount: boolean;
  english: EnglishText;
  variant: VariantFormValues | undefined;
  onChange: (next: VariantFormValues | null) => void;
  errors: BlockFormErrors;
}) {
  const styles = useStyles();
  const { language, variant } = props;
  const name = languageName(language);
  const headingId = `variant-${language}-heading`;
  const bodyLabelId = `variant-${language}-body-label`;
  const hiddenName = <span className={styles.hidden}>{name} </span>;
  const error = (field: Parameters<typeof variantErrorKey>[1]) => props.errors[variantErrorKey(language, field)];

  if (!variant) {
    return (
      <section aria-labelledby={headingId} className={styles.panel}>
        <Subtitle2 as="h3" id={headingId} className={styles.heading}>
          {name}
        </Subtitle2>
        <Body1>This block has no {name} version yet: members answering an email in {name} get the English text.</Body1>
        <div>
          <Button onClick={() => props.onChange(emptyVariant(language))}>Add {name} version</Button>
        </div>
      </section>
    );
  }

  const set = <K extends keyof VariantFormValues>(field: K, value: VariantFormValues[K]) => props.onChange({ ...variant, [field]: value });
  const setAttachment = (index: number, part: 'name' | 'url', value: string) =>
    set(
      'attachments',
      variant.attachments.map((item, at) => (at === index ? { ...item, [part]: value } : item)),
    );

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <div className={styles.panelHeader}>
        <Subtitle2 as="h3" id={headingId} className={styles.heading}>
          {name}
        </Subtitle2>
        {variant.needsUpdate && (
          <Badge appearance="tint" color="warning">
            Needs update
          </Badge>
        )}
        <span className={styles.grow} />
        <Button appearance="subtle" onClick={() => props.onChange(null)}>
          Remove {name} version
        </Button>
      </div>
      {error('language') && <Field validationMessage={error('language')} validationState="error" />}
      {!props.inAccount && <Caption1>{name} is no longer one of the account's languages (Settings). Remove this version, or add the language again.</Caption1>}
      {variant.needsUpdate && (
        <MessageBar intent="warning">
          <MessageBarBody>The English text changed after this version was saved. Check it, then save it or mark it up to date.</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => set('needsUpdate', false)}>Mark as up to date</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={styles.pair}>
        <section aria-label={`English text beside the ${name} version`} className={styles.english}>
          <Caption1Strong>English</Caption1Strong>
          <dl className={styles.englishFacts}>
            <dt>Name</dt>
            <dd className={styles.englishValue}>{props.english.name.trim() || '(none)'}</dd>
            <dt>Subject line</dt>
            <dd className={styles.englishValue}>{props.english.subjectLine.trim() || '(none)'}</dd>
          </dl>
          <BlockPreview block={{ body: sanitizeBlockHtml(props.english.body) }} className={styles.reference} />
        </section>
        <div className={styles.column}>
          <Field
            label={
              <>
                {hiddenName}
                Name
              </>
            }
            required
            validationMessage={error('name')}
          >
            <Input value={variant.name} onChange={(_event, data) => set('name', data.value)} />
          </Field>
          <Field
            label={
              <>
                {hiddenName}
                Subject line
              </>
            }
            hint={`Replaces the email's subject when the ${name} version is used.`}
            validationMessage={error('subjectLine')}
          >
            <Input value={variant.subjectLine} onChange={(_event, data) => set('subjectLine', data.value)} />
          </Field>
          <div>
            <Label id={bodyLabelId} required>
              {hiddenName}
              Block Content
            </Label>
            <BodyEditor html={variant.body} onChange={(html) => set('body', html)} labelledBy={bodyLabelId} errorId={error('body') ? `${bodyLabelId}-error` : undefined} />
            {error('body') && <Field validationMessage={{ id: `${bodyLabelId}-error`, children: error('body') }} validationState="error" />}
          </div>
          <Field
            label={
              <>
                {hiddenName}
                Questions people ask
              </>
            }
            hint={`One per line, in ${name}, as people write them. Recommendations for ${name} emails match against them.`}
            validationMessage={error('examples')}
          >
            <Textarea resize="vertical" rows={3} value={variant.examples} onChange={(_event, data) => set('examples', data.value)} />
          </Field>
          <div className={styles.attachments}>
            <Caption1Strong>{name} attachments</Caption1Strong>
            {variant.attachments.map((attachment, index) => (
              <div key={index} className={styles.attachment}>
                <Field label={`${name} attachment ${index + 1} name`}>
                  <Input value={attachment.name} onChange={(_event, data) => setAttachment(index, 'name', data.value)} />
                </Field>
                <Field label={`${name} attachment ${index + 1} address (https)`}>
                  <Input type="url" value={attachment.url} onChange={(_event, data) => setAttachment(index, 'url', data.value)} />
                </Field>
                <Button aria-label={`Remove ${name} attachment ${index + 1}`} onClick={() => set('attachments', variant.attachments.filter((_item, at) => at !== index))}>
                  Remove
                </Button>
              </div>
            ))}
            {error('attachments') && <Field validationMessage={error('attachments')} validationState="error" />}
            <Button size="small" onClick={() => set('attachments', [...variant.attachments, { name: '', url: '' }])}>
              Add {name} attachment
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
