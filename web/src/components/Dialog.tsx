/**
 * Dialogs of the spec, on react-aria's modal (focus trap, Escape, labelled by its heading):
 * AppDialog (the frame), ActionDialog (the frame with Cancel and one action), ConfirmDialog,
 * WithdrawDialog, DeleteDialog, ProgressDialog, RenameDialog and UploadDialog (states of platform
 * spec section 4). Controlled: pass `isOpen` and close callbacks.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FileTrigger, Heading, Modal, ModalOverlay, ProgressBar } from 'react-aria-components';
import { Button } from './Button.tsx';
import { TextField } from './TextField.tsx';

export interface AppDialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  readonly children: ReactNode;
  /** Buttons at the bottom. */
  readonly actions?: ReactNode;
  /** Called on Escape / outside click when dismissable. */
  readonly onClose?: (() => void) | undefined;
  readonly isDismissable?: boolean;
  readonly role?: 'dialog' | 'alertdialog';
  readonly className?: string;
}

export function AppDialog({ isOpen, title, children, actions, onClose, isDismissable = true, role = 'dialog', className }: AppDialogProps) {
  return (
    <ModalOverlay
      className="rp-modal-overlay"
      isOpen={isOpen}
      isDismissable={isDismissable && onClose !== undefined}
      isKeyboardDismissDisabled={!isDismissable || onClose === undefined}
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
    >
      <Modal className={`rp-modal${className === undefined ? '' : ` ${className}`}`}>
        <Dialog className="rp-dialog" role={role}>
          <Heading slot="title" className="rp-dialog__title">
            {title}
          </Heading>
          <div className="rp-dialog__body">{children}</div>
          {actions !== undefined && <div className="rp-dialog__actions">{actions}</div>}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The one action of an ActionDialog, the button beside Cancel. */
export interface DialogAction {
  readonly label: string;
  readonly onPress: () => void;
  readonly isDisabled?: boolean | undefined;
  readonly variant?: 'primary' | 'danger';
  readonly autoFocus?: boolean;
  readonly testId?: string;
}

export interface ActionDialogProps {
  /** Open unless told; a dialog that mounts only while open leaves it out. */
  readonly isOpen?: boolean;
  readonly title: string;
  readonly children: ReactNode;
  /** Cancel, Escape and an outside click. */
  readonly onCancel: () => void;
  /** The button beside Cancel; none when undefined (e.g. nothing to choose). */
  readonly action: DialogAction | undefined;
  /** The body is a form: Enter in one of its fields runs the action. */
  readonly form?: boolean;
  /** While an action runs: both buttons are disabled and the dialog does not close. */
  readonly busy?: boolean;
  readonly role?: 'dialog' | 'alertdialog';
  readonly className?: string;
}

/** The common dialog: a body, Cancel and one action (create, save, apply, choose, delete …). */
export function ActionDialog({ isOpen = true, title, children, onCancel, action, form = false, busy = false, role, className }: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      isOpen={isOpen}
      title={title}
      onClose={busy ? undefined : onCancel}
      {...(role === undefined ? {} : { role })}
      {...(className === undefined ? {} : { className })}
      actions={
        <>
          <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
            {t('actions.cancel')}
          </Button>
          {action !== undefined && (
            <Button
              variant={action.variant ?? 'primary'}
              onPress={action.onPress}
              isDisabled={busy || action.isDisabled === true}
              {...(action.autoFocus === true ? { autoFocus: true } : {})}
              {...(action.testId === undefined ? {} : { 'data-testid': action.testId })}
            >
              {action.label}
            </Button>
          )}
        </>
      }
    >
      {form ? (
        <form
          className="rp-form"
          onSubmit={(e) => {
            e.preventDefault();
            action?.onPress();
          }}
        >
          {children}
        </form>
      ) : (
        children
      )}
    </AppDialog>
  );
}

export interface ConfirmDialogProps {
  readonly isOpen: boolean;
  readonly title?: string;
  readonly text: ReactNode;
  readonly confirmLabel?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly danger?: boolean;
}

export function ConfirmDialog({ isOpen, title, text, confirmLabel, onConfirm, onCancel, danger = false }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      isOpen={isOpen}
      title={title ?? t('dialog.confirmTitle')}
      onCancel={onCancel}
      role="alertdialog"
      action={{ label: confirmLabel ?? t('actions.confirm'), onPress: onConfirm, variant: danger ? 'danger' : 'primary', autoFocus: true }}
    >
      {text}
    </ActionDialog>
  );
}

/** "Do you really want to delete …?" */
/** The withdraw confirmation (platform spec section 2, dialog kinds): withdrawing something sent, e.g. an invitation. */
export function WithdrawDialog({ isOpen, text, onConfirm, onCancel }: { isOpen: boolean; text: ReactNode; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return <ConfirmDialog isOpen={isOpen} title={t('dialog.withdrawTitle')} text={text} confirmLabel={t('actions.withdraw')} onConfirm={onConfirm} onCancel={onCancel} danger />;
}

export function DeleteDialog({ isOpen, name, onConfirm, onCancel }: { isOpen: boolean; name: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('dialog.deleteTitle')}
      text={<p>{t('dialog.deleteText', { name })}</p>}
      confirmLabel={t('actions.delete')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      danger
    />
  );
}

/** Not dismissable while running (e.g. "new version" when cloning a project). `value` 0–100, undefined = indeterminate. */
export function ProgressDialog({ isOpen, title, text, value }: { isOpen: boolean; title?: string; text?: ReactNode; value?: number }) {
  const { t } = useTranslation();
  const heading = title ?? t('dialog.progressTitle');
  return (
    <AppDialog isOpen={isOpen} title={heading} isDismissable={false}>
      {text}
      <ProgressBar aria-label={heading} {...(value === undefined ? { isIndeterminate: true } : { value })} className="rp-progress">
        <div className="rp-progress__track">
          <div className="rp-progress__fill" style={value === undefined ? undefined : { width: `${value}%` }} />
        </div>
      </ProgressBar>
    </AppDialog>
  );
}

export function RenameDialog({ isOpen, initialName, title, onSubmit, onCancel }: { isOpen: boolean; initialName: string; title?: string; onSubmit: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const blank = name.trim() === '';
  return (
    <ActionDialog
      isOpen={isOpen}
      title={title ?? t('dialog.renameTitle')}
      onCancel={onCancel}
      action={{ label: t('actions.save'), onPress: () => onSubmit(name.trim()), isDisabled: blank }}
    >
      <TextField label={t('dialog.name')} value={name} onChange={setName} isRequired autoFocus />
    </ActionDialog>
  );
}

/** Upload dialog states (platform spec section 4). */
export type UploadState = 'WAITING' | 'SELECTED' | 'UPLOADING' | 'AWAITING_CONFIRMATION' | 'AWAITING_COMPLETION' | 'SUCCESS' | 'ERROR';

export interface UploadDialogProps {
  readonly isOpen: boolean;
  readonly title?: string;
  readonly state: UploadState;
  readonly fileName?: string | undefined;
  /** Error code shown in state ERROR (INVALID_DATA, INVALID_VERSION, COULD_NOT_SAVE, …) as translated text. */
  readonly errorText?: string | undefined;
  /** The editable table of parsed rows in AWAITING_CONFIRMATION. */
  readonly confirmation?: ReactNode;
  /** Continue is disabled when there are no rows. */
  readonly canContinue?: boolean;
  readonly onSelectFile: (file: File) => void;
  /** Clears the file: back to WAITING. */
  readonly onChangeFile: () => void;
  readonly onUpload: () => void;
  readonly onConfirm: () => void;
  readonly onRetry: () => void;
  readonly onClose: () => void;
  readonly accept?: readonly string[];
}

/**
 * The frame of the upload dialog: the caller (a store) owns the state machine and parsing;
 * this renders the step for each state.
 */
export function UploadDialog(props: UploadDialogProps) {
  const { t } = useTranslation();
  const { state } = props;
  const busy = state === 'UPLOADING' || state === 'AWAITING_COMPLETION';
  return (
    <AppDialog
      isOpen={props.isOpen}
      title={props.title ?? t('dialog.uploadTitle')}
      onClose={busy ? undefined : props.onClose}
      isDismissable={!busy}
      actions={
        <>
          {!busy && state !== 'SUCCESS' && (
            <Button variant="secondary" onPress={props.onClose}>
              {t('actions.cancel')}
            </Button>
          )}
          {state === 'SELECTED' && <Button onPress={props.onUpload}>{t('actions.upload')}</Button>}
          {state === 'AWAITING_CONFIRMATION' && (
            <Button isDisabled={props.canContinue === false} onPress={props.onConfirm}>
              {t('actions.continue')}
            </Button>
          )}
          {state === 'ERROR' && <Button onPress={props.onRetry}>{t('actions.retry')}</Button>}
          {state === 'SUCCESS' && <Button onPress={props.onClose}>{t('actions.close')}</Button>}
        </>
      }
    >
      {(state === 'WAITING' || state === 'SELECTED') && (
        <div className="rp-upload">
          <FileTrigger
            acceptedFileTypes={[...(props.accept ?? ['.csv', '.xlsx', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])]}
            onSelect={(files) => {
              const file = files?.[0];
              if (file !== undefined) props.onSelectFile(file);
            }}
          >
            <Button variant="secondary">{t('dialog.chooseFile')}</Button>
          </FileTrigger>
          <p className="rp-upload__hint">{t('dialog.fileTypes')}</p>
          {state === 'SELECTED' && (
            <p className="rp-upload__file">
              {props.fileName}{' '}
              <Button variant="ghost" onPress={props.onChangeFile}>
                {t('actions.changeFile')}
              </Button>
            </p>
          )}
        </div>
      )}
      {busy && <ProgressBar aria-label={t('wait.title')} isIndeterminate className="rp-progress" />}
      {state === 'AWAITING_CONFIRMATION' && props.confirmation}
      {state === 'ERROR' && <p role="alert">{props.errorText ?? t('errors:error.default')}</p>}
    </AppDialog>
  );
}
