/**
 * The one source of Cannery's two Outlook add-in manifests: the add-in only XML manifest
 * (`manifest-office/manifest.xml`) and the unified manifest for Microsoft 365
 * (`manifest-office/manifest.json`). Both are written from `ADDIN` below for an origin, so their
 * name, ids, URLs, permissions, requirement sets and icons cannot drift apart; the committed files
 * are the output for the placeholder origin, and a unit test checks they are exactly that
 * (`npm run manifest:write` rewrites them). The unified manifest hides the XML add-in
 * (`alternates[].hide.customOfficeAddin`), so an office that installs both sees one Cannery.
 */
import { MANIFEST_ORIGIN_PLACEHOLDER } from '../server/http/web';

export { MANIFEST_ORIGIN_PLACEHOLDER };

/** The schema the unified manifest is written for (vendored: manifest-office/schemas/NOTICE.md). */
export const UNIFIED_MANIFEST_VERSION = '1.24';
export const UNIFIED_SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${UNIFIED_MANIFEST_VERSION}/MicrosoftTeams.schema.json`;

export const ADDIN = {
  /** The XML add-in's id; the unified app names it in `alternates` to hide it. */
  xmlId: '45647aae-bece-424c-ab2c-2ee0676289a8',
  /** The unified app's own id (a different app in Microsoft 365's catalog, linked by `alternates`). */
  unifiedId: 'a3c1e9f2-5b7d-4e08-9c6a-2f41d8b07e53',
  /** XML wants four parts, the unified manifest three; the same release. */
  version: { xml: '1.0.0.0', unified: '1.0.0' },
  provider: 'Cannery',
  name: 'Cannery',
  fullName: 'Cannery: saved replies for Outlook',
  /** The unified manifest's short description (80 characters at most). */
  shortDescription: 'Saved replies for high-volume email, inserted into your reply in one click.',
  description: 'Answer high-volume email with saved replies: pick a block and Cannery fills it into your reply in one click.',
  fullDescription:
    'Cannery keeps your team\'s saved replies ("blocks") beside the email you are answering. It suggests the blocks that fit the open email, fills in their variables and inserts one into your reply at the cursor, in your own mailbox and in the shared mailboxes you answer from.',
  accentColor: '#0F6CBD',
  /** Paths on the deployment's origin. */
  paths: {
    taskPane: '/outlook/taskpane.html',
    support: '/support',
    privacy: '/privacy',
    terms: '/terms',
    icon: (size: number) => `/assets/icon-${size}.png`,
  },
  /** The work-account sign-in runs in an Office dialog that navigates to this authority and back. */
  appDomains: ['https://login.microsoftonline.com'],
  /**
   * Inserting a block writes the body, subject, Cc and attachments of the open item: read/write
   * item in both vocabularies.
   */
  permission: { xml: 'ReadWriteItem', unified: 'MailboxItem.ReadWrite.User' },
  /** Shared folders (delegate access, Mailbox 1.8) and shared mailboxes (Mailbox 1.13). */
  supportsSharedFolders: true,
  /**
   * Requirement sets. The add-in runs from Mailbox 1.1 (the legacy forms) and its buttons need 1.5
   * (SupportsPinning). Shared folders arrive with 1.8 and shared mailboxes with 1.13, but declaring
   * either as a minimum would remove Cannery from every client below it, where it works in the
   * user's own mailbox; the task pane feature-detects them instead, and a client that predates
   * 1.8 ignores the shared-folder declaration.
   */
  requirements: { base: '1.1', commands: '1.5' },
  labels: {
    group: 'Cannery',
    button: 'Open Cannery',
    readTooltip: 'Open Cannery to answer this email with a saved reply (block).',
    composeTooltip: 'Open Cannery to insert a saved reply (block) at the cursor.',
  },
  /** Icon sizes the XML names (task pane, ribbon). */
  xmlIcons: { icon: 64, highResolution: 128, ribbon: [16, 32, 80] as const },
  /** The unified app package's icons, files beside manifest.json in the zip. */
  packageIcons: { color: 'color.png', outline: 'outline.png' },
} as const;

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function commandSurface(kind: 'Read' | 'Compose'): string {
  const surface = kind === 'Read' ? 'MessageReadCommandSurface' : 'MessageComposeCommandSurface';
  const comment = kind === 'Read' ? 'Reading an email: using a block opens a reply that contains it.' : 'Writing a reply or a new email: blocks are inserted at the cursor.';
  return `            <!-- ${comment} -->
            <ExtensionPoint xsi:type="${surface}">
              <OfficeTab id="TabDefault">
                <Group id="Cannery.${kind}Group">
                  <Label resid="Cannery.GroupLabel"/>
                  <Control xsi:type="Button" id="Cannery.${kind}OpenPane">
                    <Label resid="Cannery.ButtonLabel"/>
                    <Supertip>
                      <Title resid="Cannery.ButtonLabel"/>
                      <Description resid="Cannery.${kind}Tooltip"/>
                    </Supertip>
                    <Icon>
${ADDIN.xmlIcons.ribbon.map((size) => `                      <bt:Image size="${size}" resid="Cannery.Icon${size}"/>`).join('\n')}
                    </Icon>
                    <Action xsi:type="ShowTaskpane">
                      <SourceLocation resid="Cannery.TaskPaneUrl"/>
                      <SupportsPinning>true</SupportsPinning>
                    </Action>
                  </Control>
                </Group>
              </OfficeTab>
            </ExtensionPoint>`;
}

/** The add-in only XML manifest for a deployment on `origin`. */
export function xmlManifest(origin: string): string {
  const url = (path: string) => escapeXml(`${origin}${path}`);
  const taskPane = url(ADDIN.paths.taskPane);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!--
  Cannery's Outlook add-in manifest (add-in only XML manifest, MailApp), written by
  scripts/manifest-source.ts with the unified manifest (manifest.json) from the same source: edit
  that file and run \`npm run manifest:write\`, never this one.

  Every URL is written against the placeholder origin ${origin}; the server serves this
  file at /manifest.xml with that origin replaced by its public HTTPS origin (server/http/web.ts), so one
  manifest fits every deployment.
-->
<OfficeApp
  xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"
  xsi:type="MailApp">
  <Id>${ADDIN.xmlId}</Id>
  <Version>${ADDIN.version.xml}</Version>
  <ProviderName>${escapeXml(ADDIN.provider)}</ProviderName>
  <DefaultLocale>en-US</DefaultLocale>
  <DisplayName DefaultValue="${escapeXml(ADDIN.name)}"/>
  <Description DefaultValue="${escapeXml(ADDIN.description)}"/>
  <IconUrl DefaultValue="${url(ADDIN.paths.icon(ADDIN.xmlIcons.icon))}"/>
  <HighResolutionIconUrl DefaultValue="${url(ADDIN.paths.icon(ADDIN.xmlIcons.highResolution))}"/>
  <SupportUrl DefaultValue="${url(ADDIN.paths.support)}"/>
  <AppDomains>
${ADDIN.appDomains.map((domain) => `    <AppDomain>${escapeXml(domain)}</AppDomain>`).join('\n')}
  </AppDomains>
  <Hosts>
    <Host Name="Mailbox"/>
  </Hosts>
  <Requirements>
    <Sets>
      <Set Name="Mailbox" MinVersion="${ADDIN.requirements.base}"/>
    </Sets>
  </Requirements>
  <!-- Clients without add-in commands open the task pane from these legacy forms. -->
  <FormSettings>
    <Form xsi:type="ItemRead">
      <DesktopSettings>
        <SourceLocation DefaultValue="${taskPane}"/>
        <RequestedHeight>450</RequestedHeight>
      </DesktopSettings>
    </Form>
    <Form xsi:type="ItemEdit">
      <DesktopSettings>
        <SourceLocation DefaultValue="${taskPane}"/>
      </DesktopSettings>
    </Form>
  </FormSettings>
  <Permissions>${ADDIN.permission.xml}</Permissions>
  <Rule xsi:type="RuleCollection" Mode="Or">
    <Rule xsi:type="ItemIs" ItemType="Message" FormType="Read"/>
    <Rule xsi:type="ItemIs" ItemType="Message" FormType="Edit"/>
  </Rule>
  <DisableEntityHighlighting>false</DisableEntityHighlighting>

  <!-- Version 1.1 overrides (Mailbox ${ADDIN.requirements.commands}) carry SupportsPinning and SupportsSharedFolders; they must sit inside 1.0. -->
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/mailappversionoverrides" xsi:type="VersionOverridesV1_0">
    <VersionOverrides xmlns="http://schemas.microsoft.com/office/mailappversionoverrides/1.1" xsi:type="VersionOverridesV1_1">
      <Requirements>
        <bt:Sets DefaultMinVersion="${ADDIN.requirements.commands}">
          <bt:Set Name="Mailbox"/>
        </bt:Sets>
      </Requirements>
      <Hosts>
        <Host xsi:type="MailHost">
          <DesktopFormFactor>
            <!-- Shared folders (Mailbox 1.8) and shared mailboxes (1.13); older clients ignore it. -->
            <SupportsSharedFolders>${ADDIN.supportsSharedFolders}</SupportsSharedFolders>
${commandSurface('Read')}
${commandSurface('Compose')}
          </DesktopFormFactor>
        </Host>
      </Hosts>
      <Resources>
        <bt:Images>
${ADDIN.xmlIcons.ribbon.map((size) => `          <bt:Image id="Cannery.Icon${size}" DefaultValue="${url(ADDIN.paths.icon(size))}"/>`).join('\n')}
        </bt:Images>
        <bt:Urls>
          <bt:Url id="Cannery.TaskPaneUrl" DefaultValue="${taskPane}"/>
        </bt:Urls>
        <bt:ShortStrings>
          <bt:String id="Cannery.GroupLabel" DefaultValue="${escapeXml(ADDIN.labels.group)}"/>
          <bt:String id="Cannery.ButtonLabel" DefaultValue="${escapeXml(ADDIN.labels.button)}"/>
        </bt:ShortStrings>
        <bt:LongStrings>
          <bt:String id="Cannery.ReadTooltip" DefaultValue="${escapeXml(ADDIN.labels.readTooltip)}"/>
          <bt:String id="Cannery.ComposeTooltip" DefaultValue="${escapeXml(ADDIN.labels.composeTooltip)}"/>
        </bt:LongStrings>
      </Resources>
    </VersionOverrides>
  </VersionOverrides>
</OfficeApp>
`;
}

/** The unified manifest for Microsoft 365 (the `manifest.json` of the app package) for `origin`. */
export function unifiedManifest(origin: string): Record<string, unknown> {
  const url = (path: string) => `${origin}${path}`;
  const ribbonIcons = ADDIN.xmlIcons.ribbon.map((size) => ({ size, url: url(ADDIN.paths.icon(size)) }));
  const mailbox = (minVersion: string) => ({ capabilities: [{ name: 'Mailbox', minVersion }] });
  const group = (kind: 'Read' | 'Compose') => ({
    id: `Cannery.${kind}Group`,
    label: ADDIN.labels.group,
    icons: ribbonIcons,
    controls: [
      {
        id: `Cannery.${kind}OpenPane`,
        type: 'button',
        label: ADDIN.labels.button,
        icons: ribbonIcons,
        supertip: { title: ADDIN.labels.button, description: kind === 'Read' ? ADDIN.labels.readTooltip : ADDIN.labels.composeTooltip },
        actionId: 'Cannery.OpenPane',
      },
    ],
  });
  return {
    $schema: UNIFIED_SCHEMA_URL,
    manifestVersion: UNIFIED_MANIFEST_VERSION,
    id: ADDIN.unifiedId,
    version: ADDIN.version.unified,
    name: { short: ADDIN.name, full: ADDIN.fullName },
    description: { short: ADDIN.shortDescription, full: `${ADDIN.description} ${ADDIN.fullDescription}` },
    developer: {
      name: ADDIN.provider,
      websiteUrl: url(ADDIN.paths.support),
      privacyUrl: url(ADDIN.paths.privacy),
      termsOfUseUrl: url(ADDIN.paths.terms),
    },
    icons: { color: ADDIN.packageIcons.color, outline: ADDIN.packageIcons.outline },
    accentColor: ADDIN.accentColor,
    validDomains: [new URL(origin).host, ...ADDIN.appDomains.map((domain) => new URL(domain).host)],
    authorization: {
      permissions: {
        resourceSpecific: [
          { name: ADDIN.permission.unified, type: 'Delegated' },
          ...(ADDIN.supportsSharedFolders ? [{ name: 'Mailbox.SharedFolder', type: 'Delegated' }] : []),
        ],
      },
    },
    extensions: [
      {
        requirements: { scopes: ['mail'], ...mailbox(ADDIN.requirements.base) },
        runtimes: [
          {
            id: 'Cannery.TaskPaneRuntime',
            type: 'general',
            requirements: mailbox(ADDIN.requirements.commands),
            code: { page: url(ADDIN.paths.taskPane) },
            lifetime: 'short',
            actions: [{ id: 'Cannery.OpenPane', type: 'openPage', pinnable: true }],
          },
        ],
        ribbons: [
          { contexts: ['mailRead'], requirements: mailbox(ADDIN.requirements.commands), tabs: [{ builtInTabId: 'TabDefault', groups: [group('Read')] }] },
          { contexts: ['mailCompose'], requirements: mailbox(ADDIN.requirements.commands), tabs: [{ builtInTabId: 'TabDefault', groups: [group('Compose')] }] },
        ],
        // An office that installed the XML add-in (sideloaded, central deployment) sees one Cannery.
        alternates: [{ hide: { customOfficeAddin: { officeAddinId: ADDIN.xmlId } } }],
      },
    ],
  };
}

/** The unified manifest as the file's text. */
export function unifiedManifestText(origin: string): string {
  return `${JSON.stringify(unifiedManifest(origin), null, 2)}\n`;
}
