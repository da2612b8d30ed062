// Its state is a few useState hooks, not @mantine/form (issue 22 asked to weigh it): the registry's
// forms do not use it either (src/ui/form.ts: drafts kept on the device, the leave guard, the local
// store's field errors), and it weighs ~5.9 KiB gzipped (measured: the password modal's chunk went from
// 1.1 to 7.0 KiB with it), which the public contact page would add to its download. What it would
// replace here is the values and errors state.
import '@mantine/core/styles/Input.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { HTTPError } from 'ky';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactRequest, sendContactRequest } from '../../../api/contact';
import { fieldErrors } from '../../../api/errors';
import { isOnline } from '../../../api/http';
import { Link } from '../../../ui/Link';
import { NOTICE_DURATION, notifyApiError, notifySuccess } from '../../../ui/notices';
import { useFocusFirstError } from '../../../ui/useFocusFirstError';
import {
  type ContactErrors,
  type ContactField,
  type ContactProblem,
  checkContactRequest,
  clearDraft,
  emptyContactRequest,
  loadDraft,
  saveDraft,
} from './contact-form';

type TextField = 'name' | 'email' | 'phone' | 'company';
const TEXT_FIELDS: Array<{ field: TextField; required: boolean; type: string; autoComplete: string }> = [
  { field: 'name', required: true, type: 'text', autoComplete: 'name' },
  { field: 'email', required: true, type: 'email', autoComplete: 'email' },
  { field: 'phone', required: false, type: 'tel', autoComplete: 'tel' },
  { field: 'company', required: true, type: 'text', autoComplete: 'organization' },
];

export function ContactForm() {
  const { t, i18n } = useTranslation(['public', 'common']);
  const [request, setRequest] = useState<ContactRequest>(() =>
    loadDraft(emptyContactRequest(i18n.language === 'es' ? 'es' : 'en')),
  );
  const [errors, setErrors] = useState<ContactErrors>({});
  const { formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>(errors);
  const [status, setStatus] = useState<'idle' | 'sending' | 'offline' | 'sent' | 'too_many'>('idle');
  // Minutes to wait when the server took as many requests from this network as it takes (429).
  const [waitMinutes, setWaitMinutes] = useState(1);
  // A double click or a second Enter while the request is on its way does not send it again.
  const sending = useRef(false);
  // The preferred language follows the interface's until the visitor picks one in the form.
  // (A draft restored on load keeps its own.)
  const languagePicked = useRef(false);
  const interfaceLanguage = i18n.language === 'es' ? 'es' : 'en';
  const shownLanguage = useRef(interfaceLanguage);

  useEffect(() => saveDraft(request), [request]);
  useEffect(() => {
    if (shownLanguage.current === interfaceLanguage) return;
    shownLanguage.current = interfaceLanguage;
    if (!languagePicked.current) setRequest((current) => ({ ...current, language: interfaceLanguage }));
  }, [interfaceLanguage]);

  function update<K extends keyof ContactRequest>(field: K, value: ContactRequest[K]) {
    setRequest((current) => ({ ...current, [field]: value }));
  }

  function messageFor(problem: ContactProblem): string {
    if (problem.kind === 'invalid_email') return t('common:validation.invalid_email');
    if (problem.kind === 'please_accept_terms') return t('contact.please_accept_terms');
    // Only the typed fields have a label of their own (the terms checkbox has a sentence).
    const field = t(`contact.${problem.field}`);
    if (problem.kind === 'empty') return t('common:validation.empty', { field });
    return t('common:validation.too_long', { field, max: problem.max });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const found: ContactErrors = {};
    for (const problem of checkContactRequest(request)) found[problem.field] ??= messageFor(problem);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    if (!isOnline()) {
      setStatus('offline');
      return;
    }
    setStatus('sending');
    sending.current = true;
    try {
      await sendContactRequest({ ...request, name: request.name.trim(), email: request.email.trim() });
      clearDraft();
      setRequest(emptyContactRequest(request.language));
      setStatus('sent');
      notifySuccess(t('contact.request_success'), undefined, NOTICE_DURATION);
    } catch (error) {
      const fields = await fieldErrors(error);
      if (fields) {
        const mapped: ContactErrors = {};
        for (const [field, messages] of Object.entries(fields))
          mapped[field as ContactField] = messages.join(' ');
        setErrors(mapped);
        focusFirstError();
      }
      if (error instanceof HTTPError && error.response.status === 429) {
        const seconds = Number(error.response.headers.get('retry-after'));
        setWaitMinutes(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1);
        setStatus('too_many');
        return;
      }
      setStatus(isOnline() ? 'idle' : 'offline');
      await notifyApiError(error);
    } finally {
      sending.current = false;
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="contact-form">
      <Stack>
        {status === 'sent' && (
          <Alert color="teal" data-testid="contact-success">
            {t('contact.request_success')}
          </Alert>
        )}
        {status === 'too_many' && (
          <Alert color="orange" role="alert" data-testid="contact-too-many">
            {t('contact.too_many', { count: waitMinutes })}
          </Alert>
        )}
        {status === 'offline' && (
          <Alert color="orange" role="alert" data-testid="contact-offline">
            {t('contact.needs_connection')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map(({ field, required, type, autoComplete }) => (
            <TextInput
              key={field}
              name={field}
              type={type}
              label={t(`contact.${field}`)}
              withAsterisk={required}
              autoComplete={autoComplete}
              value={request[field]}
              error={errors[field]}
              onChange={(event) => update(field, event.currentTarget.value)}
            />
          ))}
          <TextInput name="product" label={t('contact.product')} value="karbontrack" readOnly />
          <Select
            name="language"
            label={t('contact.language')}
            data={[
              { value: 'en', label: t('contact.language_en') },
              { value: 'es', label: t('contact.language_es') },
            ]}
            allowDeselect={false}
            value={request.language}
            onChange={(value) => {
              languagePicked.current = true;
              update('language', value === 'es' ? 'es' : 'en');
            }}
          />
        </SimpleGrid>
        <Textarea
          name="comments"
          label={t('contact.comments')}
          autosize
          minRows={4}
          // Long comments scroll inside the box instead of pushing Send off the screen.
          maxRows={12}
          value={request.comments}
          error={errors.comments}
          onChange={(event) => update('comments', event.currentTarget.value)}
        />
        <Checkbox
          name="accepted_terms"
          checked={request.accepted_terms}
          error={errors.accepted_terms}
          aria-invalid={errors.accepted_terms ? true : undefined}
          onChange={(event) => update('accepted_terms', event.currentTarget.checked)}
          label={
            <Text span>
              {t('contact.accept_terms_before')}{' '}
              <Anchor component={Link} to="/terms-conditions">
                {t('contact.terms_link')}
              </Anchor>{' '}
              {t('contact.accept_terms_and')}{' '}
              <Anchor component={Link} to="/privacy-policy">
                {t('contact.privacy_link')}
              </Anchor>{' '}
              *
            </Text>
          }
        />
        <Text size="sm" c="dimmed">
          {t('contact.required_note')}
        </Text>
        <Button type="submit" loading={status === 'sending'} style={{ alignSelf: 'flex-start' }}>
          {t('contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
