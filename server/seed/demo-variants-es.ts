/**
 * Spanish variants of the demo account's most-asked Elections and Recorder blocks, written natively
 * (not machine-translated): same facts, links, fees and variables as the English text.
 */
import { file, html, mailbox, site, type DemoVariantText } from './common';

/** Spanish text of a demo block, by the block's English name. */
export const SPANISH_VARIANTS: Readonly<Record<string, DemoVariantText>> = {
  // ---- Elections ----
  'Voter Registration Deadline': {
    name: 'Fecha límite para registrarse para votar',
    body: html(
      '<p>Gracias por comunicarse con la Oficina de Elecciones del Condado de Alder.</p>',
      '<p>La fecha límite para registrarse para votar en la próxima elección es <strong>15 días antes del Día de las Elecciones</strong>. ',
      `Puede registrarse en línea en <a href="${site('elections/register')}">aldercounty.example/elections/register</a>, `,
      'por correo con un formulario de registro en papel, o en persona en nuestra oficina.</p>',
      '<p>Si no alcanza a registrarse antes de la fecha límite, de todos modos puede registrarse y votar el mismo día en cualquier centro de votación. ',
      'Su boleta se contará en cuanto confirmemos su registro.</p>',
    ),
  },
  'Check Registration Status': {
    name: 'Consultar el estado de su registro',
    body: html(
      '<p>Puede confirmar en cualquier momento el estado de su registro, su preferencia de partido y su dirección postal con nuestra ',
      `<a href="${site('elections/my-status')}">consulta del estado de votante</a>.</p>`,
      '<p>Necesitará su nombre, su fecha de nacimiento y los últimos cuatro dígitos de su licencia de conducir o de su número de Seguro Social. ',
      'Si la consulta no muestra su registro, responda a este mensaje y revisaremos nuestros archivos manualmente.</p>',
    ),
  },
  'Update Your Address': {
    name: 'Cambio de domicilio del votante',
    body: html(
      '<p>Gracias por avisarnos que se mudó. Para actualizar su registro de votante, ',
      `<a href="${site('elections/register')}">vuelva a registrarse en línea</a> con su nuevo domicilio. `,
      'Solo toma unos cinco minutos, y al volver a registrarse también se actualiza la dirección postal a la que le enviamos sus boletas.</p>',
      '<p>Tenga en cuenta lo siguiente:</p>',
      '<ul>',
      '<li>Si se mudó <strong>dentro</strong> del Condado de Alder, su registro sigue activo; solo cambian su domicilio y su centro de votación.</li>',
      '<li>Si se mudó a otro condado, regístrese con su nuevo domicilio para que ese condado pueda enviarle una boleta por correo.</li>',
      '<li>La oficina de correos no reenvía las boletas de voto por correo, así que le pedimos actualizar su domicilio al menos 15 días antes del Día de las Elecciones.</li>',
      '</ul>',
    ),
  },
  'Same-Day Registration': {
    name: 'Registro y voto el mismo día',
    body: html(
      '<p>Si no se registró antes de la fecha límite, todavía puede votar. El registro el mismo día está disponible en todos los centros de votación ',
      'desde el día 14 antes de la elección hasta las 8:00 p.m. del Día de las Elecciones.</p>',
      '<p>En el centro de votación completará un formulario de registro y votará con una boleta <em>condicional</em>. ',
      'Su boleta se guarda en un sobre sellado y se cuenta en cuanto verifiquemos su registro, por lo general en pocos días.</p>',
      '<p>Traiga los últimos cuatro dígitos de su número de Seguro Social o su número de licencia de conducir. No se requiere ninguna otra identificación.</p>',
    ),
  },
  'Request a Replacement Ballot': {
    name: 'Solicitar una boleta de reemplazo',
    body: html(
      '<p>A todos los votantes registrados del Condado de Alder se les envía por correo una boleta unos 29 días antes del Día de las Elecciones. ',
      'Si no ha recibido la suya, o si se le perdió o se dañó, podemos enviarle una de reemplazo.</p>',
      '<p>Responda a este mensaje con:</p>',
      '<ul>',
      '<li>su nombre completo tal como aparece en su registro,</li>',
      '<li>su fecha de nacimiento,</li>',
      '<li>su domicilio, y</li>',
      '<li>la dirección a la que desea que le enviemos la boleta de reemplazo.</li>',
      '</ul>',
      '<p>Cuando se emite una boleta de reemplazo, la original queda anulada, así que use únicamente la nueva. ',
      'Las solicitudes de reemplazo deben llegarnos a más tardar a las 5:00 p.m., siete días antes del Día de las Elecciones; después de ese plazo, acuda a un centro de votación.</p>',
    ),
  },
  'Track My Ballot': {
    name: 'Rastrear mi boleta',
    body: html(
      `<p>Puede seguir el recorrido de su boleta de voto por correo con el <a href="${site('elections/track')}">Rastreador de Boletas (Ballot Tracker)</a>. `,
      'Inscríbase una sola vez y recibirá un mensaje de texto, un correo electrónico o un mensaje de voz cuando le enviemos su boleta, cuando la recibamos y cuando se cuente.</p>',
      '<p>Las boletas devueltas suelen aparecer como <strong>recibidas</strong> dentro de los dos días hábiles siguientes a su llegada a nuestra oficina. ',
      'Si su boleta presenta algún problema, por ejemplo que falte la firma, nos comunicaremos con usted para indicarle cómo corregirlo.</p>',
    ),
  },
  'Ballot Status Follow-up': {
    name: 'Seguimiento del estado de la boleta',
    subjectLine: 'Su boleta de voto por correo {{ask:Ballot tracking number}}',
    body: html(
      '<p>Estimado(a) {{sender.firstName}}:</p>',
      '<p>Gracias por volver a escribirnos. Busqué en nuestros registros su boleta de voto por correo, número {{ask:Ballot tracking number}}: {{cursor}}</p>',
      '<p>Si algo de este estado no le parece correcto, responda a este mensaje o llame al (555) 555-0142 y lo revisaremos el mismo día.</p>',
      '<p>Atentamente,<br>{{me.email}}<br>Oficina de Elecciones del Condado de Alder</p>',
    ),
  },
  'Signature Cure Letter': {
    name: 'Carta para subsanar la firma',
    subjectLine: 'Se requiere su acción: verifique la firma en el sobre de su boleta',
    attachments: [file('Declaración de verificación de firma.pdf', 'elections/signature-verification-statement.pdf')],
    body: html(
      '<p>Gracias por votar en esta elección. Al revisar el sobre de devolución de su boleta, no pudimos hacer coincidir la firma ',
      'con la de su registro de votante, o el sobre no estaba firmado. Su boleta todavía no se ha contado.</p>',
      '<p>Para asegurarse de que su boleta cuente:</p>',
      '<ul>',
      '<li>complete y firme la <em>Declaración de Verificación de Firma</em> (Signature Verification Statement) adjunta,</li>',
      '<li>incluya una copia de alguno de los documentos de identificación que se indican en la declaración, y</li>',
      '<li>devuélvala por correo electrónico, por correo postal o en persona <strong>a más tardar dos días antes de que se certifique la elección</strong>.</li>',
      '</ul>',
      '<p>Las firmas cambian con el tiempo, y esto les pasa a muchos votantes. La declaración también actualiza la firma de su registro ',
      'para futuras elecciones.</p>',
      '<p>Puede devolver la declaración:</p>',
      '<ul>',
      `<li>por correo electrónico a <a href="mailto:${mailbox('ballotcure')}">${mailbox('ballotcure')}</a>, como foto o documento escaneado,</li>`,
      '<li>en cualquier buzón oficial de boletas, dentro de un sobre marcado <em>Signature Verification</em> (verificación de firma), o</li>',
      '<li>en persona en la Oficina de Elecciones o en cualquier centro de votación.</li>',
      '</ul>',
      '<p>Si usted no devolvió ninguna boleta en esta elección, llámenos de inmediato al (555) 555-0142.</p>',
    ),
  },
  'Ballot Drop Box Locations': {
    name: 'Ubicación de los buzones de boletas',
    body: html(
      '<p>Los buzones oficiales de boletas abren 28 días antes del Día de las Elecciones y cierran a las <strong>8:00 p.m. del Día de las Elecciones</strong>. ',
      'No hace falta ponerle estampilla, y equipos de dos personas recogen las boletas todos los días.</p>',
      '<p>Hay 18 buzones en todo el condado, entre ellos uno en cada sucursal de la biblioteca y en cada ayuntamiento. Consulte el ',
      `<a href="${site('elections/drop-boxes')}">mapa de buzones</a> para ver las direcciones y cuáles están abiertos día y noche.</p>`,
    ),
  },
  'Mail Ballot Postmark Rules': {
    name: 'Matasellos de las boletas por correo',
    body: html(
      '<p>Una boleta de voto por correo se cuenta si tiene <strong>matasellos del Día de las Elecciones o de una fecha anterior</strong> y llega a nuestra oficina a más tardar siete días después de la elección.</p>',
      '<p>Algunas oficinas de correos no le ponen matasellos al correo que recogen al final del día. Si va a enviar su boleta por correo el Día de las Elecciones, ',
      'entréguela en la ventanilla a un empleado de correos y pídale que le ponga el matasellos, o bien deposítela en un buzón oficial de boletas o en un centro de votación.</p>',
    ),
  },
  'Find a Vote Center': {
    name: 'Buscar un centro de votación',
    body: html(
      '<p>Puede votar en cualquier centro de votación del Condado de Alder. Encuentre el más cercano, con horarios y tiempos de espera, en ',
      `<a href="${site('elections/vote-centers')}">aldercounty.example/elections/vote-centers</a>.</p>`,
    ),
  },
  'Ballots in Other Languages': {
    name: 'Boletas en otros idiomas',
    body: html(
      '<p>Las boletas oficiales y las guías para votantes están disponibles en <strong>inglés, español, chino, vietnamita y tagalo</strong>. ',
      'Para recibir sus materiales en uno de estos idiomas en todas las elecciones, actualice su preferencia de idioma en la ',
      `<a href="${site('elections/my-status')}">consulta del estado de votante</a> o responda a este mensaje.</p>`,
      '<p>Los centros de votación también cuentan con trabajadores electorales bilingües y copias facsímiles de la boleta en coreano, punyabí y hmong, ',
      'y usted puede llevar a alguien que le ayude. En todos los centros de votación hay interpretación telefónica en más de 200 idiomas.</p>',
    ),
  },

  // ---- Recorder ----
  'Recording Fees': {
    name: 'Tarifas de registro de documentos',
    attachments: [file('Tarifas de registro de documentos.pdf', 'recorder/recording-fee-schedule.pdf')],
    body: html(
      '<p>La tarifa para registrar un documento es de <strong>$14.00 por la primera página y $3.00 por cada página adicional</strong>. ',
      'A la mayoría de los documentos también se les aplican estos cargos adicionales:</p>',
      '<ul>',
      '<li>Cargo para la prevención de fraude inmobiliario: $10.00 por documento</li>',
      '<li>Cargo para el fondo fiduciario de vivienda (housing trust fee): $75.00 por documento, con un máximo de $225.00 por transacción (algunas transferencias están exentas)</li>',
      '<li>Cargo por formato no estándar: $3.00 por cada página que no cumpla con los requisitos de formato</li>',
      '</ul>',
      '<p>El impuesto documental sobre traspasos (documentary transfer tax) se cobra por separado cuando una propiedad cambia de dueño. Adjuntamos la lista completa de tarifas.</p>',
    ),
  },
  'Certified Copy of a Deed': {
    name: 'Copia certificada de una escritura',
    body: html(
      '<p>Las copias de documentos registrados, como escrituras de traspaso (grant deeds) y escrituras de fideicomiso (deeds of trust), cuestan <strong>$2.00 por la primera página y $1.00 por cada página adicional</strong>. ',
      'La copia certificada cuesta $2.50 adicionales por documento.</p>',
      '<p>Envíenos el número del documento, o los nombres de las partes y la fecha aproximada de registro, y nosotros lo buscaremos. ',
      'Podemos enviarle las copias por correo postal, puede recogerlas en nuestra ventanilla o, si lo prefiere, se las mandamos por correo electrónico en PDF sin certificar.</p>',
    ),
  },
  'Property Records Search': {
    name: 'Búsqueda de registros de propiedad',
    body: html(
      `<p>Puede consultar gratis el índice de los documentos registrados desde 1978 en nuestra <a href="${site('recorder/search')}">búsqueda de registros oficiales</a>, `,
      'por nombre, número de documento o fecha de registro. Los registros más antiguos están en microfilm y se pueden consultar en las computadoras de uso público de nuestra oficina.</p>',
      '<p>El índice muestra los nombres de las partes, el tipo de documento y la fecha de registro. Las imágenes de los documentos ',
      'se pueden ver en nuestra oficina o pidiendo una copia. No podemos buscar por domicilio; para eso, use la búsqueda de parcelas de la Oficina del Tasador (Assessor\'s parcel lookup).</p>',
    ),
  },
  'Homestead Declaration': {
    name: 'Declaración de protección de vivienda (Homestead)',
    body: html(
      '<p>La Declaración de Protección de Vivienda (Declaration of Homestead) protege frente a ciertos acreedores una parte del valor neto (equity) de su residencia principal. ',
      'No ofrece protección contra hipotecas, impuestos a la propiedad ni gravámenes que se hayan registrado antes de la declaración.</p>',
      '<p>La declaración debe firmarse ante un notario público, describir la propiedad con su descripción legal y registrarse en nuestra oficina. ',
      'La tarifa de registro es de $14.00 por la primera página y $3.00 por cada página adicional, más el cargo de $10.00 para la prevención de fraude.</p>',
      '<p>Los formularios en blanco de la declaración se venden en papelerías especializadas en formularios legales. Como esta declaración puede afectar sus derechos en caso de bancarrota o de una demanda, ',
      'le sugerimos consultar con un abogado antes de registrarla.</p>',
    ),
  },
  'Property Fraud Alert': {
    name: 'Alerta de fraude de propiedad',
    body: html(
      `<p>Inscríbase en nuestro servicio gratuito <a href="${site('recorder/fraud-alert')}">Alerta de Fraude de Propiedad (Property Fraud Alert)</a> para recibir un correo electrónico cada vez que se registre un documento a su nombre. `,
      'Es la forma más rápida de enterarse de una escritura falsificada o de un gravamen inesperado.</p>',
      '<p>Si recibe una alerta sobre un documento que no reconoce, llame a nuestra oficina al (555) 555-0152 y a la unidad de fraude inmobiliario de la Oficina del Fiscal de Distrito (District Attorney) al (555) 555-0153.</p>',
    ),
  },
  'Marriage License Requirements': {
    name: 'Requisitos para la licencia de matrimonio',
    body: html(
      '<p>Para solicitar una licencia de matrimonio, ambos contrayentes deben presentarse juntos en nuestra oficina. Por favor, traigan:</p>',
      '<ul>',
      '<li>una identificación oficial vigente con fotografía de cada persona, como licencia de conducir, pasaporte o identificación militar,</li>',
      '<li>si alguno de los dos estuvo casado anteriormente, la fecha en que terminó su último matrimonio, y</li>',
      '<li>la tarifa de la licencia, de $91.00.</li>',
      '</ul>',
      '<p>No se requiere análisis de sangre ni comprobante de residencia. La licencia es válida por <strong>90 días</strong> y puede usarse en cualquier lugar del estado. ',
      `Para que su visita sea más breve, pueden comenzar la solicitud en línea en <a href="${site('recorder/marriage')}">aldercounty.example/recorder/marriage</a>.</p>`,
    ),
  },
  'Certified Marriage Certificate': {
    name: 'Copia certificada del acta de matrimonio',
    body: html(
      '<p>Una copia certificada de un acta de matrimonio registrada en el Condado de Alder cuesta <strong>$17.00</strong>. ',
      'Después de la ceremonia, la persona que la ofició tiene 10 días para devolvernos la licencia; las copias suelen estar disponibles dos semanas después.</p>',
      '<p>Puede pedirla en persona, por correo con una solicitud notariada o en línea a través de nuestro proveedor de actas del registro civil, que cobra un cargo adicional por el trámite.</p>',
    ),
  },
  'Birth Certificate Copy': {
    name: 'Copia del acta de nacimiento',
    body: html(
      '<p>Las copias certificadas de actas de nacimiento de personas nacidas en el Condado de Alder cuestan <strong>$32.00</strong> cada una.</p>',
      '<ul>',
      '<li>La copia <strong>autorizada</strong> sirve para comprobar la identidad, por ejemplo, para tramitar un pasaporte. Solo pueden pedirla la persona que aparece en el acta, su padre o su madre, ',
      'su tutor legal y ciertos familiares, presentando una declaración jurada firmada.</li>',
      '<li>La copia <strong>informativa</strong> lleva la leyenda "not valid to establish identity" (no válida para establecer la identidad) y cualquier persona puede pedirla.</li>',
      '</ul>',
      '<p>Pídala en persona y la recibirá el mismo día, o por correo con una declaración jurada notariada. Los pedidos por correo se procesan en unos diez días hábiles.</p>',
    ),
  },
};
