import './fiscal.css';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { CashRegisterCard } from './cash-register/CashRegisterCard';
import { useCertificateEventSync, useFiscalDataEventSync } from './fiscal-queries';
import { MerchantList } from './merchants/MerchantList';
import MerchantPage from './merchants/MerchantPage';
import PemDashboard from './pem/PemDashboard';
import EmergencyReportPage from './receipts/EmergencyReportPage';
import NewReceiptPage from './receipts/NewReceiptPage';
import ReceiptPage from './receipts/ReceiptPage';
import { useReportEvents } from './reports/useReportEvents';

function FiscalOverview() {
  const { t } = useTranslation();
  return (
    <div className="page fiscal-page">
      <PageHeader title={t('pages.fiscal.title')} description={t('fiscal.overview.description')} />
      <div className="fiscal-overview">
        <CashRegisterCard />
        <MerchantList />
      </div>
    </div>
  );
}

/**
 * Fiscal (DESIGN §5.2, §7): merchants → PEMs → a PEM's dashboard (journal, reports, PDF preview),
 * MF2 merchant pages (ATECO codes, discard), receipts and emergency reports.
 */
export default function FiscalPage() {
  useCertificateEventSync();
  useFiscalDataEventSync();
  useReportEvents();
  return (
    <Routes>
      <Route index element={<FiscalOverview />} />
      <Route path="merchants/:uuid" element={<MerchantPage />} />
      <Route path="pems/:serial" element={<PemDashboard />} />
      <Route path="pems/:serial/receipts/new" element={<NewReceiptPage />} />
      <Route path="pems/:serial/emergency-report" element={<EmergencyReportPage />} />
      <Route path="receipts/:uuid" element={<ReceiptPage />} />
      <Route path="*" element={<FiscalOverview />} />
    </Routes>
  );
}
