import { Navigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAdmin } from '@/lib/auth/index.ts';
import MyOrdersPage from './my-orders-page.tsx';

/** `/dashboard`: admins land on the overview, customers on their orders. */
export default function DashboardHome() {
  const { isAdmin, isLoading } = useAdmin();
  if (isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the dashboard" />
      </div>
    );
  }
  return isAdmin ? <Navigate to="/dashboard/overview" replace /> : <MyOrdersPage />;
}
