import { Placeholder } from '../components/placeholder.tsx';

export default function Page() {
  return <Placeholder title="Make Admin" />;
}
