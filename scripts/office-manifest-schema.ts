/**
 * Validates an Outlook add-in manifest (add-in only XML manifest) against Microsoft's published XSD
 * schemas, offline: the schemas are vendored in `manifest-office/schemas/` (see the NOTICE there)
 * and xmllint runs as WebAssembly (`xmllint-wasm`), so nothing is fetched and nothing needs
 * installing. Used by `npm run validate:manifest` (scripts/validate-manifest.ts) and its unit test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

export const SCHEMA_DIR = join(import.meta.dirname, '..', 'manifest-office', 'schemas');

/** The root schema; it imports the others by file name, so all of them are preloaded beside it. */
const ROOT_SCHEMA = 'OfficeAppManifestV1_1.xsd';
const IMPORTED_SCHEMAS = [
  'OfficeAppBasicTypesV1_0.xsd',
  'MailAppVersionOverridesV1_0.xsd',
  'MailAppVersionOverridesV1_1.xsd',
  'TaskPaneAppVersionOverridesV1_0.xsd',
  // Cannery's stand-in for a schema Microsoft did not publish there (see NOTICE.md); unused by mail manifests.
  'ContentAppVersionOverridesV1_0.xsd',
];

export interface ManifestProblem {
  /** Line in the manifest, when xmllint gave one. */
  line: number | null;
  /** xmllint's message without file name and line, e.g. "Element '...': This element is not expected." */
  message: string;
}

export interface ManifestValidation {
  valid: boolean;
  problems: ManifestProblem[];
}

/**
 * Corrections applied in memory when a schema is loaded, never on disk: the vendored files stay
 * byte for byte as Microsoft published them. Each one names its source and fails loudly when it finds nothing to correct,
 * so a replaced schema file cannot silently skip it.
 */
const SCHEMA_CORRECTIONS: ReadonlyArray<{ file: string; why: string; find: RegExp; replace: string }> = [
  ...['OfficeAppBasicTypesV1_0.xsd', 'OfficeAppManifestV1_1.xsd'].map((file) => ({
    file,
    // The Version type's pattern ends in `{0,3}?`, a lazy quantifier: .NET syntax that XSD regular
    // expressions do not have, so libxml2 refuses the schema. A pattern matches the whole value, so
    // lazy or greedy accept the same versions ("1", "1.0", ..., "1.0.0.0").
    why: 'XSD regular expressions have no lazy quantifier',
    find: /(\(\\\.\[0-9\]\{1,5\}\)\{0,3\})\?"/,
    replace: '$1"',
  })),
  {
    file: 'MailAppVersionOverridesV1_1.xsd',
    // The copy in the documentation repository predates SupportsPinning (Mailbox 1.5) and its
    // siblings; [MS-OWEMXML] section 2.2.177 ShowTaskpane (learn.microsoft.com/en-us/openspecs/
    // office_file_formats/ms-owemxml/0e9c52f8-050e-4a99-937c-627dc0fe8f01) declares them, in this order.
    why: 'ShowTaskpane as [MS-OWEMXML] 2.2.177 declares it',
    find: /(<xs:complexType name="ShowTaskpane">[\s\S]*?<xs:element name="SourceLocation" type="bt:URLResourceReference" minOccurs="1" maxOccurs="1" \/>)/,
    replace: [
      '$1',
      '<xs:element name="SupportsPinning" type="xs:boolean" minOccurs="0" maxOccurs="1"/>',
      '<xs:element name="SupportsNoItemContext" type="xs:boolean" minOccurs="0" maxOccurs="1"/>',
      '<xs:element name="SupportsMultiSelect" type="xs:boolean" minOccurs="0" maxOccurs="1"/>',
    ].join('\n'),
  },
  {
    file: 'MailAppVersionOverridesV1_1.xsd',
    // The 2018 copy predates SupportsSharedFolders (Mailbox 1.8). Microsoft's manifest reference
    // (learn.microsoft.com/javascript/api/manifest/supportssharedfolders) makes it an optional
    // boolean child of DesktopFormFactor, valid in the Mail 1.1 overrides, first in its examples.
    why: 'DesktopFormFactor with SupportsSharedFolders, as the manifest reference declares it',
    find: /(<xs:complexType name="FormFactor">[\s\S]*?<xs:sequence>)/,
    replace: '$1\n<xs:element name="SupportsSharedFolders" type="xs:boolean" minOccurs="0" maxOccurs="1"/>',
  },
];

function schemaFile(fileName: string): { fileName: string; contents: string } {
  let contents = readFileSync(join(SCHEMA_DIR, fileName), 'utf8');
  for (const correction of SCHEMA_CORRECTIONS.filter((c) => c.file === fileName)) {
    if (!correction.find.test(contents)) {
      throw new Error(`${fileName} no longer has what the correction "${correction.why}" replaces (scripts/office-manifest-schema.ts).`);
    }
    contents = contents.replace(correction.find, correction.replace);
  }
  return { fileName, contents };
}

/** Validates manifest XML; `fileName` only names the manifest in xmllint's messages. */
export async function validateOfficeManifest(xml: string, fileName = 'manifest.xml'): Promise<ManifestValidation> {
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [schemaFile(ROOT_SCHEMA)],
    preload: IMPORTED_SCHEMAS.map(schemaFile),
  });
  return {
    valid: result.valid,
    problems: result.errors.map((error) => ({ line: error.loc?.lineNumber ?? null, message: error.message.trim() })),
  };
}
