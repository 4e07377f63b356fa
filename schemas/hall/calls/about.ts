/**
 * The about-us document, a call of the hall's own design (docs/hall-protocol.md, "About us"): the
 * spec shows /home/about and its menu entries when the brand logo info's aboutUsStatus is 1 but
 * names no call for the document itself.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { NoParams } from './common'

/** The site's about-us document: a title and operator HTML (the lobby sanitizes it). */
export const AboutUs = Schema.Struct({ title: Schema.String, content: Schema.String })
export type AboutUs = typeof AboutUs.Type

export const getAboutUs = defineCall({
  name: 'getAboutUs', area: 'site', path: '/api/lobby/aboutUs/getInfo', method: 'GET', designed: true,
  request: NoParams, response: AboutUs,
})
