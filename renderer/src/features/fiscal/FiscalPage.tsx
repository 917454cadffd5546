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
import CashiersPage from './onboarding/CashiersPage';
import MerchantFormPage from './onboarding/MerchantFormPage';
import PemSetupPage from './onboarding/PemSetupPage';

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
 * MF2 merchant pages (ATECO codes, discard), receipts and emergency reports, and onboarding a shop
 * (new or edited merchant, a PEM added, activated and set up with its cash register, cashiers).
 */
export default function FiscalPage() {
  useCertificateEventSync();
  useFiscalDataEventSync();
  useReportEvents();
  return (
    <Routes>
      <Route index element={<FiscalOverview />} />
      <Route path="merchants/new" element={<MerchantFormPage />} />
      <Route path="merchants/:uuid" element={<MerchantPage />} />
      <Route path="merchants/:uuid/edit" element={<MerchantFormPage />} />
      <Route path="pems/:serial/setup" element={<PemSetupPage />} />
      <Route path="cashiers" element={<CashiersPage />} />
      <Route path="pems/:serial" element={<PemDashboard />} />
      <Route path="pems/:serial/receipts/new" element={<NewReceiptPage />} />
      <Route path="pems/:serial/emergency-report" element={<EmergencyReportPage />} />
      <Route path="receipts/:uuid" element={<ReceiptPage />} />
      <Route path="*" element={<FiscalOverview />} />
    </Routes>
  );
}
