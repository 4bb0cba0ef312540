import { useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ChatPage } from '../features/chat/ChatPage';
import { LoginPage } from '../features/login/LoginPage';
import { setSessionExpiredNavigator } from '../lib/api';

/** Routes of the kids app: /kids/login and /chat; anything else under /kids goes to the login. */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    setSessionExpiredNavigator({
      navigate: (path) => navigate(path, { replace: true }),
      pathname: () => pathname.current,
    });
  }, [navigate]);
  return (
    <Routes>
      <Route path="/kids/login" element={<LoginPage />} />
      <Route path="/chat" element={<ChatPage />} />
      <Route path="*" element={<Navigate to="/kids/login" replace />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
