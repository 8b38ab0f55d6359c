import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Toolbar, ToolbarDivider, ToolbarToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { variableChips } from './variable-chips';
import { VariableMenu } from './variable-menu';

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  toolbar: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  content: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: '220px',
    '& .ProseMirror': { outline: 'none', minHeight: '200px' },
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

/**
 * The block body's rich-text editor: paragraphs, bold, italic, underline, lists, headings and
 * links, as replies need them, and variables (inserted from a menu, shown as chips). It hands out
 * HTML on every change; the page sanitises it as insertion does before it is saved or previewed.
 */
export function BodyEditor(props: { html: string; onChange: (html: string) => void; labelledBy: string }) {
  const styles = useStyles();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['https', 'mailto', 'tel'] } }), variableChips(styles.chip)],
    content: props.html,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': props.labelledBy } },
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

  // Content loaded after the editor started (a block fetched, a version restored) replaces it.
  useEffect(() => {
    if (editor.getHTML() !== props.html) editor.commands.setContent(props.html, { emitUpdate: false });
  }, [editor, props.html]);

  const checked = Object.entries(active)
    .filter(([, on]) => on)
    .map(([name]) => name);
  return (
    <div className={styles.frame}>
      <Toolbar aria-label="Formatting" className={styles.toolbar} checkedValues={{ format: checked }} size="small">
        <ToolbarToggleButton name="format" value="bold" onClick={() => editor.chain().focus().toggleBold().run()}>
          Bold
        </ToolbarToggleButton>
        <ToolbarToggleButton name="format" value="italic" onClick={() => editor.chain().focus().toggleItalic().run()}>
          Italic
        </ToolbarToggleButton>
        <ToolbarToggleButton name="format" value="underline" onClick={() => editor.chain().focus().toggleUnderline().run()}>
          Underline
        </ToolbarToggleButton>
        <ToolbarToggleButton name="format" value="bulletList" onClick={() => editor.chain().focus().toggleBulletList().run()}>
          Bulleted list
        </ToolbarToggleButton>
        <ToolbarToggleButton name="format" value="orderedList" onClick={() => editor.chain().focus().toggleOrderedList().run()}>
          Numbered list
        </ToolbarToggleButton>
        <ToolbarDivider />
        <VariableMenu onInsert={(syntax) => editor.chain().focus().insertContent({ type: 'text', text: syntax }).run()} />
      </Toolbar>
      <EditorContent editor={editor} className={styles.content} />
    </div>
  );
}
