// The messages of en.ts in Spanish, key for key (catalogue.test.ts), with the same {values}.
const ACCEPTED = 'Las listas de bultos se leen de archivos .xlsx (Libro de Excel) o .csv';
const SAVE_AS = 'ábralo en Excel y guárdelo como Libro de Excel (.xlsx) o CSV.';

export const es: Record<string, string> = {
  'import.row': 'Fila {row}, columna {column} ({header}): {message}',
  'import.more': '…y {count} problemas más.',
  'import.no_rows': 'El archivo tiene encabezado pero ninguna fila.',
  'import.empty': 'El archivo está vacío.',
  'import.no_commodity':
    'No hay columna de mercancía y el proyecto no tiene mercancía: añada una columna "Mercancía" (Commodity).',
  'import.date_in_number':
    'Esta celda es una fecha en la hoja de cálculo, no un número (Excel puede haber convertido "12.5" en una fecha): dé a la columna formato Número y escriba el valor de nuevo.',
  'import.spreadsheet_error':
    'La celda muestra el error de hoja de cálculo {shown} (una fórmula que no se pudo calcular): corríjalo en la hoja de cálculo y guarde el archivo de nuevo.',
  'import.unread_formula':
    'Esta celda contiene una fórmula cuyo resultado no está en el archivo, o es un error como #N/D: corríjala en Excel y guarde el archivo de nuevo.',
  'import.unknown_commodity': 'Mercancía desconocida "{raw}" (use {known}).',
  'import.label_aluminium': 'Los colores de etiqueta solo se aplican al aluminio.',
  'import.duplicate': 'La referencia "{reference}" también está en la fila {row}.',
  'import.columns_twice':
    'Las columnas {first} ("{first_header}") y {second} ("{second_header}") son ambas {field}.',
  'import.no_reference':
    'No hay columna de referencia: la fila de encabezado (una de las 20 primeras) debe nombrarla, p. ej. "Referencia" o "Reference". Encontrado: {found}.',
  'import.nothing': 'nada',
  'number.ambiguous_cell':
    '"{typed}" puede ser el número {decimal} o {whole} escrito con separador de miles (la lista escribe los decimales con "{mark}"): escríbalo de nuevo como {again} o {marked}.',
  'number.ambiguous':
    '"{typed}" puede ser {decimal} o {whole} ({why}): escríbalo sin separador de miles ({again}) o con un 4.º decimal ({fourth}).',
  'number.why_both': 'el archivo escribe los decimales tanto con "," como con "."',
  'number.why_none': 'nada más en el archivo muestra su separador decimal',
  'csv.split':
    'Fila {row}, columna {column} (sin encabezado): la fila tiene más valores que columnas el encabezado. Una coma decimal en un archivo separado por comas parte un número en dos: escríbalo entre comillas ("12,5") o con punto (12.5).',
  'csv.not_list': 'Esto no es una lista de bultos: envíe un archivo .xlsx (Libro de Excel) o .csv.',
  'csv.unreadable': 'No se pudo leer el archivo CSV: {detail}',
  'sheet.too_many_rows': 'El archivo tiene más de {max} filas; divídalo en varios archivos.',
  'xlsx.invalid': 'Esto no es un archivo .xlsx válido (guárdelo como Libro de Excel o como CSV).',
  'xlsx.too_big': 'El libro descomprimido ocupa más de {size} MB; se rechaza.',
  'format.cfb': `Esto es un archivo antiguo de Excel .xls (u otro de Office 97-2003). ${ACCEPTED}: ${SAVE_AS}`,
  'format.ods': `Esto es una hoja de cálculo OpenDocument (.ods). ${ACCEPTED}: en LibreOffice, use Archivo > Guardar como y elija Excel 2007-365 (.xlsx) o CSV.`,
  'format.pdf': `Esto es un PDF, no una hoja de cálculo. ${ACCEPTED}; pida al remitente la lista de bultos como hoja de cálculo.`,
  'format.xml': `Esto es un archivo XML (quizá una hoja XML de Excel 2003). ${ACCEPTED}: ${SAVE_AS}`,
  'format.html': `Esto es una página web (HTML) con nombre de hoja de cálculo, como exportan algunos sistemas. ${ACCEPTED}: ${SAVE_AS}`,
  'format.protected': `Este libro está protegido con contraseña, así que no se puede leer. ${ACCEPTED}: ábralo en Excel, quite la contraseña (Archivo > Información > Proteger libro > Cifrar con contraseña), guárdelo y envíelo de nuevo.`,
  'format.other': `Esto es un archivo {type} ({mime}), no una hoja de cálculo. ${ACCEPTED}.`,
  'upload.none': 'No se envió ningún archivo.',
  'upload.empty': 'El archivo enviado está vacío.',
  'upload.too_large': 'El archivo supera el límite de {size}.',
  'upload.too_large_body': 'El archivo enviado es demasiado grande.',
  'upload.body_too_large': 'El cuerpo de la petición es demasiado grande.',
  'upload.one_file': 'Envíe un solo archivo, en el campo llamado "file".',
  'upload.how': 'Envíe multipart/form-data con el archivo en el campo "file", o JSON con "base_64" y "name".',
  'upload.name_required': 'El nombre del archivo (con su extensión) es obligatorio con base_64.',
  'upload.true_false': 'Debe ser true o false.',
  'upload.megapixels':
    'La foto tiene más de {count} megapíxeles: envíe una más pequeña, o añádala como documento.',
  'upload.damaged': 'No se pudo leer la foto: el archivo está dañado o no es una imagen completa.',
  'upload.id_taken': 'Ya existe un adjunto con este id bajo otro registro, o fue eliminado.',
  'upload.program': 'No se aceptan programas ni scripts.',
  'upload.not_its_type': 'El contenido de "{name}" no es un archivo .{ext} (es {type}).',
  'upload.not_its_type_unknown': 'El contenido de "{name}" no es un archivo .{ext}.',
  'upload.heic':
    'Las fotos HEIC (iPhone, iPad) no se pueden mostrar en la galería: añada el archivo como documento, o envíe la foto como JPEG (en el iPad: Ajustes > Cámara > Formatos > Más compatible).',
  'upload.not_photo':
    'No es una foto: envíe una imagen JPEG, PNG, WebP, GIF, AVIF o TIFF (no se acepta SVG).',
  'upload.base64_missing': 'Envíe los bytes del archivo como texto base64.',
  'upload.base64_invalid': 'Esto no es un texto base64 válido.',
  'request.key_reused': 'Esta Idempotency-Key ya se usó con otra petición.',
  'request.key_busy': 'Otra petición con esta Idempotency-Key está en curso; inténtelo de nuevo.',
  'access.read_only': 'Este token es de solo lectura.',
  'access.forbidden': 'No tiene permiso para realizar esta acción.',
  'storage.full': 'El servidor no tiene espacio para guardarlo; no se ha guardado nada. Inténtelo más tarde.',
  'field.required': 'Este campo es obligatorio.',
  'field.null': 'Este campo no puede ser nulo.',
  'field.blank': 'Este campo no puede estar en blanco.',
  'field.string': 'No es un texto válido.',
  'field.number': 'Se requiere un número válido.',
  'field.integer': 'Se requiere un número entero válido.',
  'field.boolean': 'Debe ser un booleano válido.',
  'field.uuid': 'Debe ser un UUID válido.',
  'field.choice': '"{value}" no es una opción válida.',
  'field.duplicate': '"{value}" aparece más de una vez.',
  'field.max_length': 'Asegúrese de que este campo no tenga más de {max} caracteres.',
  'field.min_value': 'Asegúrese de que este valor sea mayor o igual que {min}.',
  'field.max_value': 'Asegúrese de que este valor sea menor o igual que {max}.',
  'field.max_digits': 'Asegúrese de que no haya más de {max} dígitos en total.',
  'field.max_decimals': 'Asegúrese de que no haya más de {max} decimales.',
  'field.max_whole': 'Asegúrese de que no haya más de {max} dígitos antes del separador decimal.',
  'field.damage_coils': 'Las casillas de daños solo se aplican a bobinas.',
  'field.damage_granite': 'Los daños solo se aplican a bobinas y granito.',
  'field.hand_project': 'La mano pertenece a otro proyecto.',
  not_found: 'No encontrado.',
};
