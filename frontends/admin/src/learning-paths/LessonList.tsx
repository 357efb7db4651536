import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import styles from './learning-paths.module.css';
import adminStyles from '../admin.module.css';
import { gapLabel, moveLesson, type FormLesson } from './lesson-order';

interface Props {
  lessons: FormLesson[];
  onChange: (lessons: FormLesson[]) => void;
}

const keyOf = (lesson: FormLesson, index: number) => (lesson.article_id === null ? `gap-${index}` : `a-${lesson.article_id}`);

/**
 * The path's lessons in order. Reordered by dragging a row, or by keyboard: on a row's handle,
 * Space or Enter picks the lesson up, ↑ ↓ move it, Space or Enter puts it down and Escape puts it
 * back where it was; each move is announced.
 */
export function LessonList({ lessons, onChange }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [grabbed, setGrabbed] = useState<{ index: number; from: number; before: FormLesson[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());

  const focusLater = (key: string) => requestAnimationFrame(() => handles.current.get(key)?.focus());

  const keyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const lesson = lessons[index]!;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (grabbed) {
        setGrabbed(null);
        setAnnouncement(`已放下「${lesson.title}」，在第 ${index + 1} 課`);
      } else {
        setGrabbed({ index, from: index, before: lessons });
        setAnnouncement(`已拿起「${lesson.title}」，目前第 ${index + 1} 課。用上下鍵移動，空白鍵放下，Esc 取消。`);
      }
      return;
    }
    if (event.key === 'Escape' && grabbed) {
      event.preventDefault();
      onChange(grabbed.before);
      setGrabbed(null);
      setAnnouncement(`已取消，「${lesson.title}」回到第 ${grabbed.from + 1} 課`);
      focusLater(keyOf(lesson, grabbed.from));
      return;
    }
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && grabbed) {
      event.preventDefault();
      const to = index + (event.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= lessons.length) return;
      onChange(moveLesson(lessons, index, to));
      setGrabbed({ ...grabbed, index: to });
      setAnnouncement(`「${lesson.title}」移到第 ${to + 1} 課`);
      focusLater(keyOf(lesson, to));
    }
  };

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null && dragging !== index) {
      const moved = lessons[dragging]!;
      onChange(moveLesson(lessons, dragging, index));
      setAnnouncement(`「${moved.title}」移到第 ${index + 1} 課`);
    }
    setDragging(null);
    setOver(null);
  };

  if (lessons.length === 0) return <p className={adminStyles.hint}>還沒有課程：用下方的搜尋加入已發布的文章。</p>;

  return (
    <>
      <p id="lesson-order-help" className={adminStyles.hint}>拖曳整列調整順序；或把焦點移到「⇅」按鈕，按空白鍵拿起，用上下鍵移動，再按空白鍵放下。</p>
      <ol className={styles.lessons} aria-label="課程順序" data-testid="lesson-list">
        {lessons.map((lesson, index) => {
          const key = keyOf(lesson, index);
          const gap = gapLabel(lesson);
          const classes = [styles.lesson, gap ? styles.lessonGap : '', dragging === index ? styles.lessonDragging : '', over === index && dragging !== index ? styles.lessonDropTarget : ''].join(' ');
          return (
            <li key={key} className={classes} draggable data-testid="lesson-row"
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
                setDragging(index);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDrop={(event) => drop(event, index)}>
              <button type="button" className={styles.handle} aria-describedby="lesson-order-help"
                aria-label={`調整「${lesson.title}」的順序，目前第 ${index + 1} 課`} aria-pressed={grabbed?.index === index}
                ref={(element) => {
                  if (element) handles.current.set(key, element);
                  else handles.current.delete(key);
                }}
                onKeyDown={(event) => keyDown(event, index)}
                onBlur={() => grabbed?.index === index && setGrabbed(null)}>⇅</button>
              <span className={styles.number}>第 {index + 1} 課</span>
              <span className={styles.lessonTitle}>
                {lesson.title}
                {gap && <span className={styles.gapNote}>{gap}</span>}
              </span>
              <button type="button" className={`${adminStyles.button} ${adminStyles.buttonDanger} ${adminStyles.buttonSmall}`} aria-label={`移除「${lesson.title}」`}
                onClick={() => {
                  onChange(lessons.filter((_, i) => i !== index));
                  setAnnouncement(`已移除「${lesson.title}」`);
                }}>移除</button>
            </li>
          );
        })}
      </ol>
      <p className={adminStyles.visuallyHidden} aria-live="assertive" data-testid="lesson-announcement">{announcement}</p>
    </>
  );
}
