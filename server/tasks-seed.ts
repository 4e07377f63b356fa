/**
 * The task centre's seed for every site (server/tasks.ts, server/calls/tasks.ts): newcomer tasks
 * of the task types whose event the hall stores (the social binds of the providers it signs in
 * with: Facebook and WeChat), three daily tasks (a recharge, a betting and a
 * single-bet task) and three vitality boxes, with titles in the 18 languages of the lobby.
 * Amounts are in the site's currency.
 */
import type { Queryable } from './db'
import type { Template } from './tasks'

/** Texts in the lobby's 18 languages, in this order. */
const LANGS = ['en_US', 'zh_CN', 'zh_TW', 'pt_PT', 'es_ES', 'fr_FR', 'de_DE', 'it_IT', 'ru_RU', 'ja_JP', 'ko_KR', 'th_TH', 'vi_VN', 'id_ID', 'hi_IN', 'km_KH', 'my_MM', 'tl_PH'] as const
type Row18 = readonly [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string]
export const texts = (row: Row18): Record<string, string> => Object.fromEntries(LANGS.map((l, i) => [l, row[i]!]))

/** The groups' titles (the index's `title`). */
export const GROUP_TITLES: Readonly<Record<Template, Record<string, string>>> = {
  newcomer: texts(['Newcomer tasks', '新手任务', '新手任務', 'Tarefas de novato', 'Tareas de novato', 'Tâches de bienvenue', 'Einsteigeraufgaben', 'Missioni per nuovi giocatori', 'Задания новичка', '初心者タスク', '신규 미션', 'ภารกิจผู้เล่นใหม่', 'Nhiệm vụ tân thủ', 'Tugas pemula', 'नए खिलाड़ी के कार्य', 'ភារកិច្ចអ្នកថ្មី', 'လူသစ် တာဝန်များ', 'Mga gawain ng baguhan']),
  daily: texts(['Daily tasks', '每日任务', '每日任務', 'Tarefas diárias', 'Tareas diarias', 'Tâches quotidiennes', 'Tägliche Aufgaben', 'Missioni giornaliere', 'Ежедневные задания', 'デイリータスク', '일일 미션', 'ภารกิจรายวัน', 'Nhiệm vụ hằng ngày', 'Tugas harian', 'दैनिक कार्य', 'ភារកិច្ចប្រចាំថ្ងៃ', 'နေ့စဉ် တာဝန်များ', 'Mga pang-araw-araw na gawain']),
}

interface SeedTask {
  readonly template: Template
  readonly taskType: number
  readonly condition: 0 | 1 | 2 | 3
  readonly need: string
  readonly reward: string
  readonly vitality: number
  readonly title: Row18
}

const NEWCOMER = (taskType: number, reward: string, vitality: number, title: Row18): SeedTask => ({ template: 'newcomer', taskType, condition: 0, need: '1', reward, vitality, title })

export const SEED_TASKS: ReadonlyArray<SeedTask> = [
  NEWCOMER(0, '1', 10, ['Register an account', '注册账号', '註冊帳號', 'Registar uma conta', 'Registrar una cuenta', 'Créer un compte', 'Konto registrieren', 'Registra un account', 'Зарегистрировать аккаунт', 'アカウントを登録', '계정 등록', 'สมัครบัญชี', 'Đăng ký tài khoản', 'Daftar akun', 'खाता पंजीकृत करें', 'ចុះឈ្មោះគណនី', 'အကောင့် မှတ်ပုံတင်ပါ', 'Magrehistro ng account']),
  NEWCOMER(1, '2', 20, ['Bind your phone', '绑定手机', '綁定手機', 'Associar o telemóvel', 'Vincular tu teléfono', 'Associer votre téléphone', 'Telefon verknüpfen', 'Collega il telefono', 'Привязать телефон', '電話番号を連携', '휴대폰 연결', 'ผูกเบอร์โทรศัพท์', 'Liên kết số điện thoại', 'Tautkan ponsel', 'फ़ोन जोड़ें', 'ភ្ជាប់ទូរស័ព្ទ', 'ဖုန်း ချိတ်ဆက်ပါ', 'I-bind ang telepono']),
  NEWCOMER(19, '2', 20, ['Bind your email', '绑定邮箱', '綁定信箱', 'Associar o e-mail', 'Vincular tu correo', 'Associer votre e-mail', 'E-Mail verknüpfen', "Collega l'e-mail", 'Привязать e-mail', 'メールを連携', '이메일 연결', 'ผูกอีเมล', 'Liên kết email', 'Tautkan email', 'ईमेल जोड़ें', 'ភ្ជាប់អ៊ីមែល', 'အီးမေးလ် ချိတ်ဆက်ပါ', 'I-bind ang email']),
  NEWCOMER(17, '5', 20, ['Make your first deposit', '完成首次充值', '完成首次儲值', 'Faça o primeiro depósito', 'Haz tu primer depósito', 'Faites votre premier dépôt', 'Erste Einzahlung tätigen', 'Effettua il primo deposito', 'Сделать первый депозит', '初回入金をする', '첫 입금하기', 'ฝากเงินครั้งแรก', 'Nạp tiền lần đầu', 'Lakukan deposit pertama', 'पहली जमा करें', 'ដាក់ប្រាក់លើកដំបូង', 'ပထမဆုံး ငွေသွင်းပါ', 'Gawin ang unang deposito']),
  NEWCOMER(10, '1', 10, ['Set your avatar', '设置头像', '設定頭像', 'Definir o avatar', 'Elegir tu avatar', 'Choisir votre avatar', 'Avatar festlegen', "Imposta l'avatar", 'Выбрать аватар', 'アバターを設定', '아바타 설정', 'ตั้งรูปโปรไฟล์', 'Đặt ảnh đại diện', 'Atur avatar', 'अवतार चुनें', 'កំណត់រូបតំណាង', 'ကိုယ်စားပြုပုံ သတ်မှတ်ပါ', 'Itakda ang avatar']),
  NEWCOMER(7, '1', 10, ['Set your nickname', '设置昵称', '設定暱稱', 'Definir a alcunha', 'Elegir tu apodo', 'Choisir votre pseudo', 'Spitznamen festlegen', 'Imposta il soprannome', 'Задать никнейм', 'ニックネームを設定', '닉네임 설정', 'ตั้งชื่อเล่น', 'Đặt biệt danh', 'Atur nama panggilan', 'उपनाम चुनें', 'កំណត់ឈ្មោះហៅក្រៅ', 'အမည်ပြောင် သတ်မှတ်ပါ', 'Itakda ang palayaw']),
  NEWCOMER(4, '1', 10, ['Set your birthday', '设置生日', '設定生日', 'Definir o aniversário', 'Indicar tu cumpleaños', 'Indiquer votre anniversaire', 'Geburtstag festlegen', 'Imposta il compleanno', 'Указать день рождения', '誕生日を設定', '생일 설정', 'ตั้งวันเกิด', 'Đặt ngày sinh', 'Atur tanggal lahir', 'जन्मदिन दर्ज करें', 'កំណត់ថ្ងៃកំណើត', 'မွေးနေ့ သတ်မှတ်ပါ', 'Itakda ang kaarawan']),
  NEWCOMER(5, '1', 10, ['Set a withdrawal PIN', '设置提现密码', '設定提現密碼', 'Definir o PIN de levantamento', 'Crear un PIN de retiro', 'Définir un code de retrait', 'Auszahlungs-PIN festlegen', 'Imposta il PIN di prelievo', 'Установить PIN для вывода', '出金PINを設定', '출금 PIN 설정', 'ตั้งรหัสถอนเงิน', 'Đặt mã PIN rút tiền', 'Atur PIN penarikan', 'निकासी पिन सेट करें', 'កំណត់លេខកូដដកប្រាក់', 'ငွေထုတ် PIN သတ်မှတ်ပါ', 'Magtakda ng PIN sa pag-withdraw']),
  NEWCOMER(6, '1', 10, ['Set a secret question', '设置密保问题', '設定密保問題', 'Definir uma pergunta secreta', 'Crear una pregunta secreta', 'Définir une question secrète', 'Sicherheitsfrage festlegen', 'Imposta una domanda segreta', 'Задать секретный вопрос', '秘密の質問を設定', '보안 질문 설정', 'ตั้งคำถามลับ', 'Đặt câu hỏi bảo mật', 'Atur pertanyaan rahasia', 'गुप्त प्रश्न सेट करें', 'កំណត់សំណួរសម្ងាត់', 'လျှို့ဝှက်မေးခွန်း သတ်မှတ်ပါ', 'Magtakda ng lihim na tanong']),
  NEWCOMER(16, '2', 20, ['Turn on Google Authenticator', '开启谷歌验证器', '開啟Google驗證器', 'Ativar o Google Authenticator', 'Activar Google Authenticator', 'Activer Google Authenticator', 'Google Authenticator einschalten', 'Attiva Google Authenticator', 'Включить Google Authenticator', 'Google認証システムを有効化', 'Google OTP 켜기', 'เปิด Google Authenticator', 'Bật Google Authenticator', 'Aktifkan Google Authenticator', 'Google ऑथेंटिकेटर चालू करें', 'បើក Google Authenticator', 'Google Authenticator ဖွင့်ပါ', 'I-on ang Google Authenticator']),
  NEWCOMER(8, '2', 10, ['Make your first savings deposit', '首次存入余额宝', '首次存入餘額寶', 'Faça o primeiro depósito na poupança', 'Haz tu primer ahorro', 'Faites votre premier dépôt d’épargne', 'Erste Spareinlage tätigen', 'Effettua il primo deposito nel risparmio', 'Первый вклад в копилку', '初めての貯蓄入金', '첫 적립 입금하기', 'ฝากเงินออมครั้งแรก', 'Gửi tiết kiệm lần đầu', 'Setoran tabungan pertama', 'पहली बचत जमा करें', 'ដាក់ប្រាក់សន្សំលើកដំបូង', 'ပထမဆုံး စုဆောင်းငွေ ထည့်ပါ', 'Gawin ang unang ipon']),
  NEWCOMER(11, '1', 10, ['Add music to your library', '下载音乐库', '下載音樂庫', 'Adicionar música à biblioteca', 'Añadir música a tu biblioteca', 'Ajouter de la musique à votre bibliothèque', 'Musik zur Bibliothek hinzufügen', 'Aggiungi musica alla libreria', 'Добавить музыку в библиотеку', 'ライブラリに音楽を追加', '라이브러리에 음악 추가', 'เพิ่มเพลงในคลัง', 'Thêm nhạc vào thư viện', 'Tambah musik ke pustaka', 'लाइब्रेरी में संगीत जोड़ें', 'បន្ថែមតន្ត្រីទៅបណ្ណាល័យ', 'စာကြည့်တိုက်သို့ သီချင်းထည့်ပါ', 'Magdagdag ng musika sa library']),
  NEWCOMER(14, '2', 10, ['Bind your Facebook account', '绑定Facebook账号', '綁定Facebook帳號', 'Associar a conta do Facebook', 'Vincular tu cuenta de Facebook', 'Associer votre compte Facebook', 'Facebook-Konto verknüpfen', 'Collega il tuo account Facebook', 'Привязать аккаунт Facebook', 'Facebookアカウントを連携', 'Facebook 계정 연결', 'ผูกบัญชี Facebook', 'Liên kết tài khoản Facebook', 'Tautkan akun Facebook', 'Facebook खाता जोड़ें', 'ភ្ជាប់គណនី Facebook', 'Facebook အကောင့် ချိတ်ဆက်ပါ', 'I-bind ang Facebook account']),
  NEWCOMER(3, '2', 10, ['Bind your WeChat account', '绑定微信', '綁定微信', 'Associar a conta do WeChat', 'Vincular tu cuenta de WeChat', 'Associer votre compte WeChat', 'WeChat-Konto verknüpfen', 'Collega il tuo account WeChat', 'Привязать аккаунт WeChat', 'WeChatアカウントを連携', 'WeChat 계정 연결', 'ผูกบัญชี WeChat', 'Liên kết tài khoản WeChat', 'Tautkan akun WeChat', 'WeChat खाता जोड़ें', 'ភ្ជាប់គណនី WeChat', 'WeChat အကောင့် ချိတ်ဆက်ပါ', 'I-bind ang WeChat account']),
  {
    template: 'daily', taskType: 0, condition: 1, need: '100', reward: '2', vitality: 40,
    title: ['Deposit today', '今日充值', '今日儲值', 'Depositar hoje', 'Depositar hoy', "Déposer aujourd'hui", 'Heute einzahlen', 'Deposita oggi', 'Пополнить сегодня', '今日入金する', '오늘 입금하기', 'ฝากเงินวันนี้', 'Nạp tiền hôm nay', 'Deposit hari ini', 'आज जमा करें', 'ដាក់ប្រាក់ថ្ងៃនេះ', 'ယနေ့ ငွေသွင်းပါ', 'Magdeposito ngayon'],
  },
  {
    template: 'daily', taskType: 0, condition: 2, need: '300', reward: '3', vitality: 40,
    title: ['Bet today', '今日投注', '今日投注', 'Apostar hoje', 'Apostar hoy', "Miser aujourd'hui", 'Heute setzen', 'Punta oggi', 'Ставки сегодня', '今日ベットする', '오늘 베팅하기', 'เดิมพันวันนี้', 'Đặt cược hôm nay', 'Taruhan hari ini', 'आज दांव लगाएँ', 'ភ្នាល់ថ្ងៃនេះ', 'ယနေ့ လောင်းပါ', 'Tumaya ngayon'],
  },
  {
    template: 'daily', taskType: 0, condition: 3, need: '50', reward: '1', vitality: 20,
    title: ['Place one big bet', '单笔投注', '單筆投注', 'Fazer uma aposta alta', 'Hacer una apuesta alta', 'Placer une grosse mise', 'Einen hohen Einsatz platzieren', 'Fai una puntata alta', 'Сделать одну крупную ставку', '1回の高額ベット', '한 번에 큰 베팅', 'เดิมพันก้อนใหญ่หนึ่งครั้ง', 'Đặt một cược lớn', 'Pasang satu taruhan besar', 'एक बड़ा दांव लगाएँ', 'ភ្នាល់ធំម្តង', 'တစ်ကြိမ် ကြီးကြီး လောင်းပါ', 'Tumaya nang malaki nang isang beses'],
  },
]

/** The vitality boxes: the day's vitality each needs and its prize. */
export const SEED_BOXES: ReadonlyArray<readonly [number, string]> = [[30, '1'], [60, '3'], [100, '8']]

/** How long a newcomer task is open from the player's registration. */
const NEWCOMER_DAYS = 30

/** Seeds a site's task centre (in the seed's transaction). */
export const seedTasks = async (db: Queryable, siteCode: string): Promise<void> => {
  for (const [sort, t] of SEED_TASKS.entries()) {
    await db.query(
      `INSERT INTO tasks (site_code, template, task_type, condition, titles, need, reward, vitality, turnover_multiple, expire_days, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10)`,
      [siteCode, t.template, t.taskType, t.condition, JSON.stringify(texts(t.title)), t.need, t.reward, t.vitality, t.template === 'newcomer' ? NEWCOMER_DAYS : null, sort],
    )
  }
  for (const [sort, [need, reward]] of SEED_BOXES.entries()) {
    await db.query('INSERT INTO vitality_boxes (site_code, need, reward, sort) VALUES ($1, $2, $3, $4)', [siteCode, need, reward, sort])
  }
}
