import { describe, expect, it } from 'vitest'
import { Bus } from '../../../src/bus/bus'
import { htmlLang, startI18nRunner } from '../../../src/effects/i18n'
import { isLanguage } from '../../../src/i18n'
import { appStarted } from '../../support/site-fixtures'

describe('i18n runner', () => {
  it('applies the stored language at start, then site.ready and session.languageApplied, to i18next and the document', () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const applied: string[] = []
    const lang: string[] = []
    startI18nRunner(bus, { supports: isLanguage, changeLanguage: (c) => applied.push(c), setDocumentLang: (l) => lang.push(l) })
    bus.publish(appStarted({ storedLanguage: 'th_TH' }), 'runner')
    bus.publish(
      { type: 'site.ready', siteCode: '001', language: 'zh_CN', currency: 'CNY', languages: [], currencies: [], systemToken: '', autoVisitorLogin: false, device: 'mobile' },
      'actor',
      'site',
    )
    bus.publish({ type: 'session.languageApplied', language: 'km_KH' }, 'actor', 'language')
    bus.publish({ type: 'session.languageApplied', language: 'xx_XX' }, 'actor', 'language')
    expect(applied).toEqual(['th_TH', 'zh_CN', 'km_KH'])
    expect(lang).toEqual(['th-TH', 'zh-CN', 'km-KH'])
    expect(htmlLang('pt_PT')).toBe('pt-PT')
  })
})
