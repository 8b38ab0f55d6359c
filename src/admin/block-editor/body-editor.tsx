import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Divider, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { useRovingFocus } from '../common/roving-focus';
import { variableChips } from './variable-chips';
import { VariableMenu } from './variable-menu';

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  divider: { flexGrow: 0, height: '20px', paddingInline: tokens.spacingHorizontalXS },
  content: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: '220px',
    '& .ProseMirror': { outline: 'none', minHeight: '200px', borderRadius: tokens.borderRadiusSmall },
    // The editable area draws the focus as Fluent's controls do (WCAG 2.4.7), inside the frame.
    '& .ProseMirror:focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: tokens.spacingHorizontalXXS },
    '& .ProseMirror p': { margin: `0 0 ${tokens.spacingVerticalS}` },
  },
  chip: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    borderRadius: tokens.borderRadiusMedium,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
  },
});

/** The editable area's ARIA: a labelled multi-line textbox, invalid and described by its error when it has one. */
function textboxAttributes(labelledBy: string, errorId: string | undefined): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };
}

/**
 * The block body's rich-text editor: paragraphs, bold, italic, underline, lists, headings and
 * links, as replies need them, and variables (inserted from a menu, shown as chips). It hands out
 * HTML on every change; the page sanitises it as insertion does before it is saved or previewed.
 * `errorId` names the element holding the body's validation message while it has one.
 */
export function BodyEditor(props: { html: string; onChange: (html: string) => void; labelledBy: string; errorId?: string | undefined }) {
  const styles = useStyles();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['https', 'mailto', 'tel'] } }), variableChips(styles.chip)],
    content: props.html,
    editorProps: { attributes: textboxAttributes(props.labelledBy, props.errorId) },
    onUpdate: ({ editor: current }) => props.onChange(current.getHTML()),
    immediatelyRender: true,
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });

  // The editor takes its attributes once; an error appearing or going updates them.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: textboxAttributes(props.labelledBy, props.errorId) } });
  }, [editor, props.labelledBy, props.errorId]);

  // Content loaded after the editor started (a block fetched, a version restored) replaces it.
  useEffect(() => {
    if (editor.getHTML() !== props.html) editor.commands.setContent(props.html, { emitUpdate: false });
  }, [editor, props.html]);

  const toolbar = useRovingFocus();
  const format = (name: keyof typeof active, label: string, run: () => void) => (
    <ToggleButton appearance="subtle" size="small" checked={active[name]} onClick={run}>
      {label}
    </ToggleButton>
  );
  return (
    <div className={styles.frame}>
      <div role="toolbar" aria-label="Formatting" className={styles.toolbar} {...toolbar}>
        {format('bold', 'Bold', () => editor.chain().focus().toggleBold().run())}
        {format('italic', 'Italic', () => editor.chain().focus().toggleItalic().run())}
        {format('underline', 'Underline', () => editor.chain().focus().toggleUnderline().run())}
        {format('bulletList', 'Bulleted list', () => editor.chain().focus().toggleBulletList().run())}
        {format('orderedList', 'Numbered list', () => editor.chain().focus().toggleOrderedList().run())}
        <Divider vertical className={styles.divider} />
        <VariableMenu onInsert={(syntax) => editor.chain().focus().insertContent({ type: 'text', text: syntax }).run()} />
      </div>
      <EditorContent editor={editor} className={styles.content} />
    </div>
  );
}
