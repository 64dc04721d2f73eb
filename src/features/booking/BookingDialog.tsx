/**
 * "Book next meeting": the room's next meeting booked with the management session (spec §5
 * "Booking"). Name, start and end as local date-times; the §5 rules are checked before anything
 * is sent (the server checks them again, and conflicts). A start before the running meeting's
 * planned end is allowed, and said: that meeting ends when the booking takes the room.
 */
import { useEffect, useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';
import { FormFooter } from '#/components/FormFooter';
import { bookingTimesOf, checkBookingForm, defaultBookingForm, type BookingForm } from './bookingForm';

export interface BookingDialogProps {
  opened: boolean;
  /** the meeting name a booking starts with (the room's) */
  defaultName: string;
  /** the server's clock, Unix seconds */
  nowSec: () => number;
  /** planned end of the running meeting, Unix seconds (0 = open-ended) */
  currentEndSec: number;
  /** start of the room's next booking, Unix seconds (0 = none): the proposal ends by it */
  nextBookingSec?: number;
  /** the booking is on its way */
  pending?: boolean;
  /** refusal of the last try (result code or ApiError) */
  refusal?: unknown;
  onSubmit: (booking: { name: string; startSec: number; durationSec: number }) => void;
  onClose: () => void;
}

export function BookingDialog(props: BookingDialogProps) {
  const { opened, defaultName, nowSec, currentEndSec, nextBookingSec = 0, pending = false, refusal, onSubmit, onClose } = props;
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<BookingForm>(() => defaultBookingForm(defaultName, nowSec(), currentEndSec, nextBookingSec));
  const [problem, setProblem] = useState<number | undefined>(undefined);
  // every opening starts from a fresh proposal: the clock moved on since the last one
  useEffect(() => {
    if (!opened) return;
    setForm(defaultBookingForm(defaultName, nowSec(), currentEndSec, nextBookingSec));
    setProblem(undefined);
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps -- on opening only, not whenever a prop moves while the form is edited

  const set = (patch: Partial<BookingForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(undefined);
  };
  const fallback = t`The request failed, please try again`;
  const message = refusalText(problem, i18n.locale, fallback) ?? refusalText(refusal, i18n.locale, fallback);
  const times = bookingTimesOf(form);
  const minutes = times && times.durationSec > 0 ? Math.round(times.durationSec / 60) : undefined;
  const cutsCurrent = times !== undefined && currentEndSec > 0 && times.startSec < currentEndSec;
  const currentEnd = currentEndSec ? i18n.date(new Date(currentEndSec * 1000), { timeStyle: 'short' }) : '';

  return (
    <Modal opened={opened} onClose={onClose} title={t`Book next meeting`} centered size="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = checkBookingForm(form, nowSec());
          setProblem(found);
          const checked = bookingTimesOf(form);
          if (found === undefined && checked) onSubmit({ name: form.name.trim(), ...checked });
        }}
      >
        <Stack gap="sm">
          <TextInput data-autofocus label={t`Meeting name`} value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} />
          <TextInput type="datetime-local" label={t`Starts`} value={form.start} onChange={(e) => set({ start: e.currentTarget.value })} />
          <TextInput type="datetime-local" label={t`Ends`} value={form.end} onChange={(e) => set({ end: e.currentTarget.value })} />
          <Text size="sm" c="dimmed" data-testid="booking-rules">
            <Trans>At least 5 minutes long, starting more than 10 minutes from now, at most one week.</Trans>
          </Text>
          {minutes !== undefined && (
            <Text size="sm" data-testid="booking-length">
              {minutes >= 60 ? t`Length: ${Math.floor(minutes / 60)} h ${minutes % 60} min` : t`Length: ${minutes} min`}
            </Text>
          )}
          {cutsCurrent && (
            <Text size="sm" c="orange" data-testid="booking-cuts-current">
              {t`This meeting is planned to end at ${currentEnd}; it will be ended when the booking starts.`}
            </Text>
          )}
          {/* booking while the connection is lost would only be held: Book waits, and says why */}
          <FormFooter message={message} pending={pending} onCancel={onClose} submitLabel={<Trans>Book</Trans>} />
        </Stack>
      </form>
    </Modal>
  );
}
