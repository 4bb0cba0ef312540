import { useGetChildrenQuery } from '../../app/children-api';
import { AllowedModesSetting } from './AllowedModesSetting';
import { ChildAccounts } from './ChildAccounts';
import { NotificationsSetting } from './NotificationsSetting';
import './settings.css';

export function SettingsTab() {
  const { data } = useGetChildrenQuery();
  const children = data?.children ?? [];
  return (
    <div className="tab settings-tab">
      <ChildAccounts children={children} />
      <AllowedModesSetting children={children} />
      <NotificationsSetting />
    </div>
  );
}
