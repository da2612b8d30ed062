// The server's messages to people (the import's row and column problems, its format refusals, the
// upload refusals), in English: what the code says, and what an ERP without Accept-Language reads.
// Each is matched whole; {name} stands for a value, given back unchanged in the other language, except
// the ones translate.ts names as nested messages. es.ts has the same keys (catalogue.test.ts).
const ACCEPTED = 'Packing lists are read from .xlsx (Excel Workbook) or .csv files';
const SAVE_AS = 'open it in Excel and save it as Excel Workbook (.xlsx) or CSV.';

export const en: Record<string, string> = {
  'import.row': 'Row {row}, column {column} ({header}): {message}',
  'import.more': '…and {count} more problems.',
  'import.no_rows': 'The file has a header but no rows.',
  'import.empty': 'The file is empty.',
  'import.no_commodity':
    'No commodity column, and the project has no commodity: add a "Commodity" (Mercancía) column.',
  'import.date_in_number':
    'This cell is a date in the spreadsheet, not a number (Excel may have turned "12.5" into a date): format the column as Number and type the value again.',
  'import.spreadsheet_error':
    'The cell shows the spreadsheet error {shown} (a formula that could not be worked out): correct it in the spreadsheet and save the file again.',
  'import.unread_formula':
    'This cell holds a formula whose result is not in the file, or is an error such as #N/A: correct it in Excel and save the file again.',
  'import.unknown_commodity': 'Unknown commodity "{raw}" (use {known}).',
  'import.label_aluminium': 'Label colors apply only to aluminium.',
  'import.duplicate': 'The reference "{reference}" is also on row {row}.',
  'import.columns_twice':
    'Columns {first} ("{first_header}") and {second} ("{second_header}") are both {field}.',
  'import.no_reference':
    'No reference column: the header row (one of the first 20) must name it, e.g. "Reference" or "Referencia". Found: {found}.',
  'import.nothing': 'nothing',
  'number.ambiguous_cell':
    '"{typed}" could be the number {decimal} or {whole} typed with a thousands separator (the list writes decimals with "{mark}"): type it again as {again} or {marked}.',
  'number.ambiguous':
    '"{typed}" could be {decimal} or {whole} ({why}): write it without the thousands separator ({again}) or with a 4th decimal ({fourth}).',
  'number.why_both': 'the file writes decimals both with "," and with "."',
  'number.why_none': 'nothing else in the file shows its decimal mark',
  'csv.split':
    'Row {row}, column {column} (no header): the row has more values than the header has columns. A decimal comma in a comma-separated file splits a number in two: write it in quotes ("12,5") or with a point (12.5).',
  'csv.not_list': 'This is not a packing list: send an .xlsx (Excel Workbook) or .csv file.',
  'csv.unreadable': 'The CSV file could not be read: {detail}',
  'sheet.too_many_rows': 'The file has more than {max} rows; split it into several files.',
  'xlsx.invalid': 'This is not a valid .xlsx file (save it as Excel Workbook, or as CSV).',
  'xlsx.too_big': 'The workbook unpacks to more than {size} MB; it is refused.',
  'format.cfb': `This is an old Excel .xls (or other Office 97-2003) file. ${ACCEPTED}: ${SAVE_AS}`,
  'format.ods': `This is an OpenDocument spreadsheet (.ods). ${ACCEPTED}: in LibreOffice, use File > Save As and choose Excel 2007-365 (.xlsx) or CSV.`,
  'format.pdf': `This is a PDF, not a spreadsheet. ${ACCEPTED}; ask the sender for the packing list as a spreadsheet.`,
  'format.xml': `This is an XML file (perhaps an Excel 2003 XML sheet). ${ACCEPTED}: ${SAVE_AS}`,
  'format.html': `This is a web page (HTML) with a spreadsheet's name, as some systems export. ${ACCEPTED}: ${SAVE_AS}`,
  'format.protected': `This workbook is protected with a password, so it cannot be read. ${ACCEPTED}: open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password), save it and send it again.`,
  'format.other': `This is a {type} file ({mime}), not a spreadsheet. ${ACCEPTED}.`,
  'upload.none': 'No file was submitted.',
  'upload.empty': 'The submitted file is empty.',
  'upload.too_large': 'The file is larger than the limit of {size}.',
  'upload.too_large_body': 'The uploaded file is too large.',
  'upload.body_too_large': 'Request body is too large.',
  'upload.one_file': 'Send one file, in the field named "file".',
  'upload.how':
    'Send multipart/form-data with the file in the field "file", or JSON with "base_64" and "name".',
  'upload.name_required': 'The file name (with its extension) is required with base_64.',
  'upload.true_false': 'Must be true or false.',
  'upload.megapixels':
    'The photo has more than {count} megapixels: send a smaller one, or add it as a document.',
  'upload.damaged': 'The photo could not be read: the file is damaged or not a complete image.',
  'upload.id_taken': 'An attachment with this id exists under another record, or was deleted.',
  'upload.program': 'Programs and scripts are not accepted.',
  'upload.not_its_type': 'The content of "{name}" is not a .{ext} file (it is {type}).',
  'upload.not_its_type_unknown': 'The content of "{name}" is not a .{ext} file.',
  'upload.heic':
    'HEIC photos (iPhone, iPad) cannot be shown in the gallery: add the file as a document, or send the photo as JPEG (on the iPad: Settings > Camera > Formats > Most Compatible).',
  'upload.not_photo': 'Not a photo: send a JPEG, PNG, WebP, GIF, AVIF or TIFF image (SVG is not accepted).',
  'upload.base64_missing': "Send the file's bytes as base64 text.",
  'upload.base64_invalid': 'This is not valid base64 text.',
  'request.key_reused': 'This Idempotency-Key was already used with a different request.',
  'request.key_busy': 'Another request with this Idempotency-Key is in progress; try again.',
  'access.read_only': 'This token is read-only.',
  'access.forbidden': 'You do not have permission to perform this action.',
  'upload.file_missing': 'The file of this attachment is missing.',
  'upload.no_thumbnail': 'This attachment has no thumbnail.',
  'storage.full': 'The server has no space left to store this; nothing was saved. Try again later.',
  'field.required': 'This field is required.',
  'field.null': 'This field may not be null.',
  'field.blank': 'This field may not be blank.',
  'field.string': 'Not a valid string.',
  'field.number': 'A valid number is required.',
  'field.integer': 'A valid integer is required.',
  'field.boolean': 'Must be a valid boolean.',
  'field.uuid': 'Must be a valid UUID.',
  'field.choice': '"{value}" is not a valid choice.',
  'field.duplicate': '"{value}" is listed more than once.',
  'field.max_length': 'Ensure this field has no more than {max} characters.',
  'field.min_value': 'Ensure this value is greater than or equal to {min}.',
  'field.max_value': 'Ensure this value is less than or equal to {max}.',
  'field.max_digits': 'Ensure that there are no more than {max} digits in total.',
  'field.max_decimals': 'Ensure that there are no more than {max} decimal places.',
  'field.max_whole': 'Ensure that there are no more than {max} digits before the decimal point.',
  'field.date': 'Enter a valid date.',
  'field.date_time': 'Enter a valid date/time.',
  'field.time': 'Enter a valid time.',
  'field.object': 'Expected a JSON object.',
  'field.list': 'Expected a list of items but got type "{type}".',
  'field.no_such_date': 'Enter a valid date: {text} does not exist.',
  'field.item': 'Item {index}: {message}',
  'field.damage_coils': 'Damage checkboxes apply only to coils.',
  'field.damage_granite': 'Damage applies only to coil and granite.',
  'field.hand_project': 'The hand belongs to another project.',
  not_found: 'Not found.',
};
