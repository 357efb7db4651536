import { Link } from 'react-router-dom';
import type { Breadcrumb } from '@coinmag/rules';
import styles from './components.module.css';

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  return (
    <nav aria-label="麵包屑" className={styles.breadcrumbs}>
      <ol>
        {items.map((item, index) => (
          <li key={item.path + index}>
            {index < items.length - 1 ? <Link to={item.path}>{item.name}</Link> : <span aria-current="page">{item.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
