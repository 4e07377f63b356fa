/**
 * The event centre's seed for every site (server/calls/activities.ts): three categories and one
 * activity of each type whose rule the hall computes (deposit, wager, rescue, daily check-in,
 * invite, proxy) and a rules-only one, with titles in the 18 languages of the lobby, and a custom
 * page. Amounts are in the site's currency.
 */
import type { Queryable } from './db'

/** Texts in the lobby's 18 languages, in this order. */
const LANGS = ['en_US', 'zh_CN', 'zh_TW', 'pt_PT', 'es_ES', 'fr_FR', 'de_DE', 'it_IT', 'ru_RU', 'ja_JP', 'ko_KR', 'th_TH', 'vi_VN', 'id_ID', 'hi_IN', 'km_KH', 'my_MM', 'tl_PH'] as const
type Row18 = readonly [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string]
const texts = (row: Row18): Record<string, string> => Object.fromEntries(LANGS.map((l, i) => [l, row[i]!]))

const CATEGORIES: ReadonlyArray<Row18> = [
  ['Deposit & play', '充值与游戏', '儲值與遊戲', 'Depósito e jogo', 'Depósito y juego', 'Dépôt et jeu', 'Einzahlen & spielen', 'Deposito e gioco', 'Депозит и игра', '入金とプレイ', '입금 및 플레이', 'ฝากและเล่น', 'Nạp và chơi', 'Deposit & main', 'जमा और खेल', 'ដាក់ប្រាក់ និងលេង', 'ငွေသွင်းပြီး ကစားပါ', 'Deposito at laro'],
  ['Every day', '每日', '每日', 'Todos os dias', 'Cada día', 'Chaque jour', 'Jeden Tag', 'Ogni giorno', 'Каждый день', '毎日', '매일', 'ทุกวัน', 'Mỗi ngày', 'Setiap hari', 'हर दिन', 'រៀងរាល់ថ្ងៃ', 'နေ့စဉ်', 'Araw-araw'],
  ['Friends', '好友', '好友', 'Amigos', 'Amigos', 'Amis', 'Freunde', 'Amici', 'Друзья', '友達', '친구', 'เพื่อน', 'Bạn bè', 'Teman', 'दोस्त', 'មិត្តភក្តិ', 'သူငယ်ချင်းများ', 'Mga kaibigan'],
]

interface SeedActivity {
  readonly category: number
  readonly type: number
  readonly template: string
  readonly title: Row18
  readonly rules: string
  readonly period: 0 | 1 | 2
  readonly condition: 0 | 1 | 2
  readonly rewardMode: 0 | 1
  readonly distribution: 2 | 3 | 4 | 5
  readonly turnover: string
  readonly receiveHours: number
  /** need, value (fixed amount or percent), level */
  readonly tiers: ReadonlyArray<readonly [string, string, 0 | 1 | 2 | null]>
}

const ACTIVITIES: ReadonlyArray<SeedActivity> = [
  {
    category: 0, type: 10, template: 'deposit-daily', period: 1, condition: 1, rewardMode: 0, distribution: 2, turnover: '3', receiveHours: 0,
    title: ['Daily deposit bonus', '每日充值奖励', '每日儲值獎勵', 'Bónus de depósito diário', 'Bono de depósito diario', 'Bonus de dépôt quotidien', 'Täglicher Einzahlungsbonus', 'Bonus deposito giornaliero', 'Ежедневный бонус за депозит', 'デイリー入金ボーナス', '일일 입금 보너스', 'โบนัสฝากรายวัน', 'Thưởng nạp hằng ngày', 'Bonus deposit harian', 'दैनिक जमा बोनस', 'ប្រាក់រង្វាន់ដាក់ប្រាក់ប្រចាំថ្ងៃ', 'နေ့စဉ် ငွေသွင်းဆုငွေ', 'Araw-araw na bonus sa deposito'],
    rules: '<p>Deposit during the day and receive a bonus for every tier your deposits reach. Each bonus must be wagered 3 times before it can be withdrawn. Tiers start again every day.</p>',
    tiers: [['50', '5', 0], ['200', '25', 1], ['1000', '150', 2]],
  },
  {
    category: 0, type: 12, template: 'wager-weekly', period: 2, condition: 2, rewardMode: 0, distribution: 2, turnover: '1', receiveHours: 0,
    title: ['Weekly wager rewards', '每周投注奖励', '每週投注獎勵', 'Recompensas semanais de apostas', 'Recompensas semanales por apuestas', 'Récompenses de mises hebdomadaires', 'Wöchentliche Einsatzprämien', 'Premi settimanali sulle puntate', 'Еженедельные награды за ставки', '週間ベット報酬', '주간 베팅 보상', 'รางวัลเดิมพันรายสัปดาห์', 'Thưởng cược hằng tuần', 'Hadiah taruhan mingguan', 'साप्ताहिक दांव पुरस्कार', 'រង្វាន់ភ្នាល់ប្រចាំសប្តាហ៍', 'အပတ်စဉ် လောင်းကြေးဆု', 'Lingguhang gantimpala sa taya'],
    rules: '<p>Every bet you place this week counts. Reach a tier to receive its reward; the week starts on Monday.</p>',
    tiers: [['100', '2', 0], ['1000', '25', 1], ['10000', '300', 2]],
  },
  {
    category: 0, type: 5, template: 'rescue', period: 1, condition: 0, rewardMode: 1, distribution: 3, turnover: '1', receiveHours: 0,
    title: ['Rescue bonus', '救援金', '救援金', 'Bónus de resgate', 'Bono de rescate', 'Bonus de secours', 'Rettungsbonus', 'Bonus di salvataggio', 'Бонус спасения', 'レスキューボーナス', '구조 보너스', 'โบนัสช่วยเหลือ', 'Thưởng cứu trợ', 'Bonus penyelamat', 'बचाव बोनस', 'ប្រាក់រង្វាន់សង្គ្រោះ', 'ကယ်ဆယ်ရေး ဆုငွေ', 'Bonus na pansagip'],
    rules: '<p>If yesterday\'s bets lost more than they won, receive a share of the net loss back today: 5% from 50, 10% from 500. It can be received until the end of the day.</p>',
    tiers: [['50', '5', 0], ['500', '10', 1]],
  },
  {
    category: 1, type: 3, template: 'check-in', period: 1, condition: 0, rewardMode: 0, distribution: 2, turnover: '1', receiveHours: 0,
    title: ['Daily check-in', '每日签到', '每日簽到', 'Check-in diário', 'Registro diario', 'Présence quotidienne', 'Täglicher Check-in', 'Check-in giornaliero', 'Ежедневная отметка', 'デイリーチェックイン', '일일 출석', 'เช็คอินรายวัน', 'Điểm danh hằng ngày', 'Check-in harian', 'दैनिक चेक-इन', 'ចុះឈ្មោះប្រចាំថ្ងៃ', 'နေ့စဉ် စာရင်းသွင်း', 'Araw-araw na check-in'],
    rules: '<p>Check in once a day. Seven days in a row give more each day; a missed day starts again at day 1.</p>',
    tiers: [['1', '1', null], ['2', '1', null], ['3', '2', null], ['4', '2', null], ['5', '3', null], ['6', '3', null], ['7', '5', null]],
  },
  {
    category: 1, type: 1, template: 'weekend-tournament', period: 0, condition: 0, rewardMode: 0, distribution: 5, turnover: '0', receiveHours: 0,
    title: ['Weekend tournament', '周末锦标赛', '週末錦標賽', 'Torneio de fim de semana', 'Torneo de fin de semana', 'Tournoi du week-end', 'Wochenendturnier', 'Torneo del fine settimana', 'Турнир выходного дня', '週末トーナメント', '주말 토너먼트', 'ทัวร์นาเมนต์สุดสัปดาห์', 'Giải đấu cuối tuần', 'Turnamen akhir pekan', 'सप्ताहांत टूर्नामेंट', 'ការប្រកួតចុងសប្តាហ៍', 'စနေတနင်္ဂနွေ ပြိုင်ပွဲ', 'Torneo sa katapusan ng linggo'],
    rules: '<p>The players with the highest wins of the weekend share the prize pool. Prizes are paid by the operator on Monday.</p>',
    tiers: [],
  },
  {
    category: 2, type: 15, template: 'invite', period: 0, condition: 0, rewardMode: 0, distribution: 2, turnover: '1', receiveHours: 0,
    title: ['Invite friends', '邀请好友', '邀請好友', 'Convide amigos', 'Invita a amigos', 'Invitez des amis', 'Freunde einladen', 'Invita amici', 'Пригласите друзей', '友達を招待', '친구 초대', 'ชวนเพื่อน', 'Mời bạn bè', 'Undang teman', 'दोस्तों को आमंत्रित करें', 'អញ្ជើញមិត្តភក្តិ', 'သူငယ်ချင်းများကို ဖိတ်ပါ', 'Mag-imbita ng kaibigan'],
    rules: '<p>Every friend who registers with your link counts. Reach a tier to receive its reward.</p>',
    tiers: [['1', '5', 0], ['5', '30', 1], ['20', '150', 2]],
  },
  {
    category: 2, type: 17, template: 'proxy', period: 0, condition: 1, rewardMode: 0, distribution: 2, turnover: '1', receiveHours: 0,
    title: ['Friends who deposit', '好友充值奖励', '好友儲值獎勵', 'Amigos que depositam', 'Amigos que depositan', 'Amis qui déposent', 'Freunde, die einzahlen', 'Amici che depositano', 'Друзья с депозитом', '入金した友達', '입금한 친구', 'เพื่อนที่ฝากเงิน', 'Bạn bè nạp tiền', 'Teman yang deposit', 'जमा करने वाले दोस्त', 'មិត្តភក្តិដែលដាក់ប្រាក់', 'ငွေသွင်းသော သူငယ်ချင်းများ', 'Mga kaibigang nagdeposito'],
    rules: '<p>Every invited friend who makes a deposit counts. Reach a tier to receive its reward.</p>',
    tiers: [['1', '10', 0], ['3', '40', 1]],
  },
]

/** The custom page of the event list: its title and its text, in the 18 languages. */
const PAGE_TITLE: Row18 = [
  'How promotions work', '活动说明', '活動說明', 'Como funcionam as promoções', 'Cómo funcionan las promociones', 'Comment fonctionnent les promotions',
  'So funktionieren Aktionen', 'Come funzionano le promozioni', 'Как работают акции', 'プロモーションの仕組み', '프로모션 안내', 'วิธีการทำงานของโปรโมชั่น',
  'Cách khuyến mãi hoạt động', 'Cara kerja promosi', 'प्रमोशन कैसे काम करते हैं', 'របៀបដែលប្រូម៉ូសិនដំណើរការ', 'ပရိုမိုးရှင်းများ အလုပ်လုပ်ပုံ', 'Paano gumagana ang mga promo',
]
const PAGE_CONTENT: Row18 = [
  'Rewards are credited to your balance when you receive them. A reward may carry a wagering requirement, shown in its rules.',
  '领取奖励后，奖励将计入您的余额。奖励可能附带投注要求，详见活动规则。',
  '領取獎勵後，獎勵將計入您的餘額。獎勵可能附帶投注要求，詳見活動規則。',
  'As recompensas são creditadas no seu saldo quando as recebe. Uma recompensa pode ter um requisito de apostas, indicado nas suas regras.',
  'Las recompensas se abonan en tu saldo cuando las recibes. Una recompensa puede tener un requisito de apuesta, indicado en sus reglas.',
  'Les récompenses sont créditées sur votre solde lorsque vous les recevez. Une récompense peut comporter une exigence de mise, indiquée dans ses règles.',
  'Prämien werden Ihrem Guthaben gutgeschrieben, sobald Sie sie abholen. Eine Prämie kann eine Umsatzbedingung haben, die in ihren Regeln steht.',
  'I premi vengono accreditati sul saldo quando li ricevi. Un premio può prevedere un requisito di puntata, indicato nelle sue regole.',
  'Награды зачисляются на ваш баланс, когда вы их получаете. У награды может быть требование по ставкам, указанное в её правилах.',
  '報酬は受け取ると残高に加算されます。報酬には賭け条件が付く場合があり、ルールに記載されています。',
  '보상은 수령하면 잔액에 입금됩니다. 보상에는 규칙에 표시된 베팅 요건이 있을 수 있습니다.',
  'รางวัลจะเข้ายอดเงินของคุณเมื่อคุณรับ รางวัลอาจมีเงื่อนไขการเดิมพันตามที่ระบุในกติกา',
  'Phần thưởng được cộng vào số dư khi bạn nhận. Phần thưởng có thể kèm yêu cầu cược, được ghi trong thể lệ.',
  'Hadiah dikreditkan ke saldo Anda saat Anda menerimanya. Hadiah dapat memiliki syarat taruhan yang tercantum dalam aturannya.',
  'इनाम प्राप्त करने पर आपके बैलेंस में जमा हो जाते हैं। किसी इनाम पर दांव की शर्त हो सकती है, जो उसके नियमों में दी गई है।',
  'រង្វាន់ត្រូវបានបញ្ចូលទៅក្នុងសមតុល្យរបស់អ្នកនៅពេលអ្នកទទួល។ រង្វាន់អាចមានលក្ខខណ្ឌភ្នាល់ ដែលបង្ហាញក្នុងច្បាប់របស់វា។',
  'ဆုများကို လက်ခံရယူသည့်အခါ သင့်လက်ကျန်ငွေထဲသို့ ထည့်ပေးပါသည်။ ဆုတစ်ခုတွင် စည်းမျဉ်းတွင်ဖော်ပြထားသော လောင်းကြေးလိုအပ်ချက် ရှိနိုင်ပါသည်။',
  'Idinadagdag ang mga gantimpala sa iyong balanse kapag tinanggap mo ang mga ito. Maaaring may kinakailangang taya ang isang gantimpala, na nakasaad sa mga patakaran nito.',
]

const TIER_TITLE = (need: string, type: number): string =>
  type === 3 ? `Day ${need}` : type === 15 || type === 17 ? `${need} friends` : type === 5 ? `Loss from ${need}` : `From ${need}`

/** Seeds a site's event centre (in the seed's transaction). */
export const seedActivities = async (db: Queryable, siteCode: string): Promise<void> => {
  await db.query('INSERT INTO activity_modules (site_code) VALUES ($1) ON CONFLICT DO NOTHING', [siteCode])
  const categoryIds: number[] = []
  for (const [i, names] of CATEGORIES.entries()) {
    const r = await db.query<{ id: number }>('INSERT INTO activity_categories (site_code, names, sort_number) VALUES ($1, $2, $3) RETURNING id', [siteCode, JSON.stringify(texts(names)), i + 1])
    categoryIds.push(r.rows[0]!.id)
  }
  for (const [sort, a] of ACTIVITIES.entries()) {
    await insertActivity(db, siteCode, categoryIds[a.category]!, a, sort)
  }
  await db.query('INSERT INTO activity_pages (site_code, titles, contents, sort) VALUES ($1, $2, $3, 1)', [
    siteCode, JSON.stringify(texts(PAGE_TITLE)), JSON.stringify(texts(PAGE_CONTENT.map((p) => `<p>${p}</p>`) as unknown as Row18)),
  ])
}

/** The fields of an activity the control surface may set for a test's own activity. */
export interface ActivityInput {
  readonly category?: number | undefined
  readonly type: number
  readonly template: string
  readonly title: string
  readonly rules?: string | undefined
  readonly period: 0 | 1 | 2
  readonly condition: 0 | 1 | 2
  readonly rewardMode: 0 | 1
  readonly distribution: 2 | 3 | 4 | 5
  readonly turnover?: string | undefined
  readonly receiveHours?: number | undefined
  readonly tiers: ReadonlyArray<readonly [string, string]>
  readonly start?: string | undefined
  readonly end?: string | undefined
}

const insertActivity = async (db: Queryable, siteCode: string, categoryId: number, a: SeedActivity, sort: number, window?: { start?: string | undefined; end?: string | undefined }): Promise<number> => {
  const r = await db.query<{ id: number }>(
    `INSERT INTO activities (site_code, category_id, type, template, titles, contents, img_id, period, start_at, end_at, condition, reward_mode, distribution, turnover_multiple, receive_hours, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      siteCode, categoryId, a.type, a.template, JSON.stringify(texts(a.title)), JSON.stringify({ en_US: a.rules }), `type-${a.type}`, a.period,
      window?.start ?? '2026-01-01T00:00:00Z', window?.end ?? '2030-12-31T00:00:00Z', a.condition, a.rewardMode, a.distribution, a.turnover, a.receiveHours, sort,
    ],
  )
  const id = r.rows[0]!.id
  for (const [i, [need, value, level]] of a.tiers.entries()) {
    await db.query('INSERT INTO activity_tiers (activity_id, level, titles, need, value, sort) VALUES ($1, $2, $3, $4, $5, $6)', [
      id, level, JSON.stringify({ en_US: TIER_TITLE(need, a.type) }), need, value, i,
    ])
  }
  return id
}

/** Adds (or replaces, by template) an activity of a site (the control `activity`); answers its id. */
export const putActivity = async (db: Queryable, siteCode: string, input: ActivityInput): Promise<number> => {
  await db.query('DELETE FROM activities WHERE site_code = $1 AND template = $2', [siteCode, input.template])
  const categories = (await db.query<{ id: number }>('SELECT id FROM activity_categories WHERE site_code = $1 ORDER BY sort_number, id', [siteCode])).rows
  const categoryId = categories[input.category ?? 0]?.id ?? categories[0]?.id
  if (categoryId === undefined) throw new Error(`site ${siteCode} has no activity category`)
  const title = Array.from({ length: 18 }, () => input.title) as unknown as Row18
  return insertActivity(
    db,
    siteCode,
    categoryId,
    {
      category: input.category ?? 0, type: input.type, template: input.template, title, rules: input.rules ?? '', period: input.period,
      condition: input.condition, rewardMode: input.rewardMode, distribution: input.distribution, turnover: input.turnover ?? '0',
      receiveHours: input.receiveHours ?? 0, tiers: input.tiers.map(([need, value]) => [need, value, null] as const),
    },
    -1,
    { start: input.start, end: input.end },
  )
}
