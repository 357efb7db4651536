import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../../admin.module.css';
import styles from './form.module.css';
import type { RecoveryOffer } from './recovery';

interface RecoveryBannerProps {
  offer: RecoveryOffer;
  /** The copy was typed over an older version than the one now saved. */
  older: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers the unsaved copy found when the form opened: restore it or discard it. */
export function RecoveryBanner({ offer, older, onRestore, onDiscard }: RecoveryBannerProps) {
  return (
    <div className={`${adminStyles.note} ${styles.recovery}`} role="alert" aria-labelledby="recovery-text">
      <p id="recovery-text" className={styles.recoveryText}>
        有一份尚未儲存的內容（{formatLongDateTime(offer.at)}），要還原嗎？
        {older && ' 這份內容是在較舊的版本上編輯的，還原並儲存會取代之後的修改（之前的版本仍保留在版本紀錄中）。'}
      </p>
      <div className={adminStyles.actions}>
        <button type="button" className={adminStyles.button} onClick={onRestore}>還原內容</button>
        <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary}`} onClick={onDiscard}>捨棄</button>
      </div>
    </div>
  );
}
