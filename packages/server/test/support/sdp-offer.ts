/** A browser-like offer (audio + video, bundled, DTLS, sending only): enough for Janus to answer. */
export function sdpOffer(): { type: string; sdp: string } {
  const fingerprint = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).padStart(2, '0'))
    .join(':')
    .toUpperCase();
  const media = (kind: 'audio' | 'video', mid: string, pt: number, codec: string, ssrc: number) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${pt}`,
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:abcd',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    `a=mid:${mid}`,
    'a=sendonly',
    'a=rtcp-mux',
    `a=rtpmap:${pt} ${codec}`,
    `a=ssrc:${ssrc} cname:parley`,
  ];
  const sdp = [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS',
    ...media('audio', '0', 111, 'opus/48000/2', 1111),
    ...media('video', '1', 96, 'VP8/90000', 2222),
    '',
  ].join('\r\n');
  return { type: 'offer', sdp };
}
