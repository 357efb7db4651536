/**
 * What the browser shares under the `react-router-dom` key: only the router parts the frontends
 * use, from react-router's core. A shared module cannot be tree-shaken (the build does not know
 * what other containers will ask of it), and the whole of react-router-dom is about 59 KB
 * compressed; these exports are about 14 KB. A frontend that imports another name from
 * react-router-dom must add it here (react-router-dom-subset.test.ts fails until it does).
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
