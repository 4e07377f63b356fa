import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/**
 * A QR code of a text (the authenticator's otpauth URI), drawn as one SVG path, dark on light
 * in every theme (the QR colour tokens). The matrix comes from qrcode-generator (a small, dependency-free
 * QR encoder); the drawing is ours, so the colours stay theme tokens.
 */
export const QrCode = ({ text, label, size = 168 }: { text: string; label: string; size?: number }) => {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M')
    qr.addData(text)
    qr.make()
    const n = qr.getModuleCount()
    let d = ''
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`
    }
    return { path: d, count: n + 8 }
  }, [text])
  return (
    <svg className="qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" data-testid="ga-qr">
      <rect className="qr__quiet" width={count} height={count} />
      <path className="qr__dark" d={path} />
    </svg>
  )
}
