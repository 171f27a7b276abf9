// The one Settings screen: the account's, the team's and the integrations' settings in one place. [ja, en, kr, cn]
export const messages = {
  settings_title: ['設定', 'Settings', '설정', '设置'],
  settings_subtitle: [
    'アカウント、スタッフ、外部連携の設定をまとめています。',
    'Your account, your team and your integrations, in one place.',
    '계정, 스태프, 외부 연동 설정을 한곳에 모았습니다.',
    '账户、员工和外部集成的设置都在这里。',
  ],
  settings_language: ['表示言語', 'Interface language', '표시 언어', '界面语言'],
  settings_language_help: [
    '選んだ言語はこのブラウザに保存され、次回もその言語で開きます。',
    'The language you choose is kept in this browser and used next time.',
    '선택한 언어는 이 브라우저에 저장되어 다음에도 사용됩니다.',
    '所选语言会保存在此浏览器中，下次继续使用。',
  ],
  settings_group_account: ['アカウント', 'Account', '계정', '账户'],
  settings_group_team: ['チーム', 'Team', '팀', '团队'],
  settings_group_integrations: ['外部連携', 'Integrations', '외부 연동', '外部集成'],
  settings_profile: ['プロフィール画像', 'Profile image', '프로필 이미지', '头像'],
  settings_profile_help: [
    'ヘッダーに表示される画像(JPG・PNG、2 MBまで)',
    'The picture shown in the header (JPG or PNG, up to 2 MB)',
    '헤더에 표시되는 이미지(JPG·PNG, 2MB까지)',
    '显示在页眉中的图片（JPG 或 PNG，最大 2 MB）',
  ],
  settings_delete: ['アカウント削除', 'Delete account', '계정 삭제', '删除账户'],
  settings_delete_help: [
    'このアカウントとその配下をすべて削除します(元に戻せません)',
    'Deletes this account and everything under it (cannot be undone)',
    '이 계정과 하위 항목을 모두 삭제합니다(되돌릴 수 없음)',
    '删除此账户及其下的所有内容（无法撤销）',
  ],
  settings_staff: ['管理者(スタッフ)', 'Admin staff', '관리자(스태프)', '管理员（员工）'],
  settings_staff_help: [
    'スタッフの招待、権限、削除',
    'Invite staff, set what they may do, remove them',
    '스태프 초대, 권한 설정, 삭제',
    '邀请员工、设置权限、移除员工',
  ],
  settings_api: ['API設定', 'API settings', 'API 설정', 'API 设置'],
  settings_api_help: [
    'リードAPIのキーと認証、Webhookの送信先',
    'The leads API key and access, and webhook endpoints',
    '리드 API 키와 인증, Webhook 전송처',
    '线索 API 的密钥与认证，以及 Webhook 端点',
  ],
};
