/**
 * The playing activities' seed for site 001 (server/seed.ts) and the control's own activities
 * (server/play/control.ts): a sports-guessing activity with three matches, an invest activity with
 * two terms, a lucky-bet activity and a quiz, with titles in the lobby's 18 languages. Amounts are
 * in the site's currency.
 */
import type { Queryable } from '../db'
import { addMatch, setGuessSettings } from './guessing'
import { addTerm } from './invest'
import { setLuckyRule, type LuckyRule } from './luckybet'
import { addQuestion, setQuizReward } from './quiz'

const LANGS = ['en_US', 'zh_CN', 'zh_TW', 'pt_PT', 'es_ES', 'fr_FR', 'de_DE', 'it_IT', 'ru_RU', 'ja_JP', 'ko_KR', 'th_TH', 'vi_VN', 'id_ID', 'hi_IN', 'km_KH', 'my_MM', 'tl_PH'] as const
type Row18 = readonly [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string]
const texts = (row: Row18): Record<string, string> => Object.fromEntries(LANGS.map((l, i) => [l, row[i]!]))

/** The site the playing activities are seeded for. */
export const PLAY_SITE = '001'

export interface PlayActivityInput {
  readonly type: 1 | 14 | 16 | 21
  readonly template: string
  readonly titles: Record<string, string>
  readonly rules: string
  readonly start?: string | undefined
  readonly end?: string | undefined
  readonly receiveHours?: number | undefined
}

/** Inserts (replacing one of the same template) a playing activity in the site's first category; answers its id. */
export const insertPlayActivity = async (db: Queryable, siteCode: string, a: PlayActivityInput): Promise<number> => {
  await db.query('DELETE FROM activities WHERE site_code = $1 AND template = $2', [siteCode, a.template])
  const category = (await db.query<{ id: number }>('SELECT id FROM activity_categories WHERE site_code = $1 ORDER BY sort_number, id LIMIT 1', [siteCode])).rows[0]
  if (category === undefined) throw new Error(`site ${siteCode} has no activity category`)
  return (
    await db.query<{ id: number }>(
      `INSERT INTO activities (site_code, category_id, type, template, titles, contents, img_id, period, start_at, end_at, condition, reward_mode, distribution, turnover_multiple, receive_hours, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, 0, 0, 2, 0, $10, 20) RETURNING id`,
      [siteCode, category.id, a.type, a.template, JSON.stringify(a.titles), JSON.stringify({ en_US: a.rules }), `type-${a.type}`, a.start ?? '2026-01-01T00:00:00Z', a.end ?? '2030-12-31T00:00:00Z', a.receiveHours ?? 0],
    )
  ).rows[0]!.id
}

export const GUESS_RULES = '<p>Guess the result of a match before kick-off. A right guess pays the stake times the odds shown when you placed it; a void match gives the stake back. Guesses are settled when the match ends.</p>'
export const INVEST_RULES = '<p>Subscribe an amount for a term. At maturity receive the amount back with the term\'s return, fixed when you subscribe.</p>'
export const luckyRules = (r: LuckyRule): string =>
  `<p>Every bet of at least ${r.minBet} in the games during the promotion qualifies. A bet whose whole amount ends in ${r.suffix} is lucky: it wins ${r.rate}% of the bet, at most ${r.maxPrize}. Receive each prize from the list.</p>`
export const QUIZ_RULES = '<p>Answer every question. All answers right: receive the reward at once. One try per player.</p>'

const SPORTS_TITLE: Row18 = ['Match predictor', '赛事竞猜', '賽事競猜', 'Palpite de jogos', 'Pronóstico de partidos', 'Pronostics de matchs', 'Spieltipp', 'Pronostico partite', 'Прогноз матчей', '試合予想', '경기 예측', 'ทายผลการแข่งขัน', 'Dự đoán trận đấu', 'Tebak pertandingan', 'मैच भविष्यवाणी', 'ទស្សន៍ទាយការប្រកួត', 'ပွဲစဉ် ခန့်မှန်း', 'Hula sa laban']
const INVEST_TITLE: Row18 = ['Fixed-term invest', '定期投资', '定期投資', 'Investimento a prazo', 'Inversión a plazo', 'Placement à terme', 'Festgeld-Anlage', 'Investimento a termine', 'Срочный вклад', '定期投資', '정기 투자', 'การลงทุนแบบมีกำหนด', 'Đầu tư kỳ hạn', 'Investasi berjangka', 'सावधि निवेश', 'ការវិនិយោគមានកាលកំណត់', 'သတ်မှတ်ကာလ ရင်းနှီးမြှုပ်နှံမှု', 'Pamumuhunang may takdang panahon']
const LUCKY_TITLE: Row18 = ['Lucky bets', '幸运注单', '幸運注單', 'Apostas da sorte', 'Apuestas de la suerte', 'Paris chanceux', 'Glückswetten', 'Puntate fortunate', 'Счастливые ставки', 'ラッキーベット', '행운의 베팅', 'เดิมพันนำโชค', 'Cược may mắn', 'Taruhan keberuntungan', 'भाग्यशाली दांव', 'ការភ្នាល់សំណាង', 'ကံကောင်းသော လောင်းကြေး', 'Mapalad na taya']
const QUIZ_TITLE: Row18 = ['Football quiz', '足球问答', '足球問答', 'Quiz de futebol', 'Quiz de fútbol', 'Quiz football', 'Fußball-Quiz', 'Quiz sul calcio', 'Футбольная викторина', 'サッカークイズ', '축구 퀴즈', 'ควิซฟุตบอล', 'Đố vui bóng đá', 'Kuis sepak bola', 'फ़ुटबॉल क्विज़', 'សំណួរបាល់ទាត់', 'ဘောလုံး ပဟေဠိ', 'Football quiz']

export const SEED_LUCKY: LuckyRule = { suffix: '8', minBet: '1', rate: '50', maxPrize: '500' }

/** Seeds site 001's playing activities (in the seed's transaction); other sites have none. */
export const seedPlay = async (db: Queryable, siteCode: string): Promise<void> => {
  if (siteCode !== PLAY_SITE) return
  const guess = await insertPlayActivity(db, siteCode, { type: 21, template: 'sports-guess', titles: texts(SPORTS_TITLE), rules: GUESS_RULES })
  await setGuessSettings(db, guess, '1', '1000')
  const matches = [
    ['Lisbon Lions', 'Porto Waves', '2030-06-01T18:00:00Z', { home: '2.1', draw: '3.2', away: '3.5' }],
    ['Madrid Suns', 'Rome Eagles', '2030-06-02T19:00:00Z', { home: '1.8', draw: '3.4', away: '4.2' }],
    ['Tokyo Tigers', 'Seoul Stars', '2030-06-03T11:00:00Z', { home: '2.6', draw: '3.0', away: '2.7' }],
  ] as const
  for (const [i, [home, away, kickoff, odds]] of matches.entries()) await addMatch(db, guess, { home, away, kickoff, odds, sort: i })
  const invest = await insertPlayActivity(db, siteCode, { type: 16, template: 'invest', titles: texts(INVEST_TITLE), rules: INVEST_RULES })
  await addTerm(db, invest, { days: 7, rate: '2.5', minAmount: '10', maxAmount: '10000' }, 0)
  await addTerm(db, invest, { days: 30, rate: '12', minAmount: '50', maxAmount: '50000' }, 1)
  const lucky = await insertPlayActivity(db, siteCode, { type: 14, template: 'lucky-bet', titles: texts(LUCKY_TITLE), rules: luckyRules(SEED_LUCKY), receiveHours: 24 })
  await setLuckyRule(db, lucky, SEED_LUCKY)
  const quiz = await insertPlayActivity(db, siteCode, { type: 1, template: 'quiz-football', titles: texts(QUIZ_TITLE), rules: QUIZ_RULES })
  await setQuizReward(db, quiz, '5')
  await addQuestion(db, quiz, { texts: { en_US: 'How many players does a football team have on the pitch?', pt_PT: 'Quantos jogadores tem uma equipa de futebol em campo?' }, choices: [{ en_US: '9' }, { en_US: '11' }, { en_US: '13' }], answer: 1 }, 0)
  await addQuestion(db, quiz, { texts: { en_US: 'How long is a football match, without extra time?', pt_PT: 'Quanto dura um jogo de futebol, sem prolongamento?' }, choices: [{ en_US: '60 minutes', pt_PT: '60 minutos' }, { en_US: '80 minutes', pt_PT: '80 minutos' }, { en_US: '90 minutes', pt_PT: '90 minutos' }], answer: 2 }, 1)
}
