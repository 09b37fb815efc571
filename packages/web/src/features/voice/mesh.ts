/**
 * A WebRTC mesh (docs/voice.md): one peer connection per other member, each with one audio and
 * one video transceiver from the start, so mute, camera off and screen share only swap the
 * sent track and never renegotiate. The member who joins offers to those already in the room;
 * they answer. ICE candidates outside the server's address prefixes are neither sent nor used,
 * which keeps media on the networks the administrator chose (tests: loopback only).
 *
 * A connection that breaks (a network change: the address it used is gone, the path went down) is
 * rebuilt with a fresh offer, which the other side already treats as a rejoin. The member with the
 * lower uid offers; the other offers only if that never comes, so the two never offer at once.
 */
import type { VoiceSignal } from '@parley/protocol';
import { REBUILD_FIRST_MS, REBUILD_LATE_MS, watchConnection } from './rebuild';

export interface MeshOptions {
  self: number;
  iceServers: RTCIceServer[];
  prefixes: readonly string[];
  send: (to: number, signal: VoiceSignal) => void;
  onChange: () => void;
}

interface Peer {
  pc: RTCPeerConnection;
  stream: MediaStream;
  pendingIce: RTCIceCandidateInit[];
  /** Stops the watch that rebuilds this connection when it breaks. */
  unwatch: () => void;
}

/** Whether an ICE candidate's address is one the server allows (`candidate:… <address> <port> typ …`). */
export function allowedCandidate(candidate: string, prefixes: readonly string[]): boolean {
  if (candidate === '') return false;
  if (prefixes.length === 0) return true;
  const address = candidate.split(' ')[4] ?? '';
  return prefixes.some((prefix) => address.startsWith(prefix));
}

export class Mesh {
  private readonly peers = new Map<number, Peer>();
  private audio: MediaStreamTrack | null = null;
  private video: MediaStreamTrack | null = null;

  constructor(private readonly options: MeshOptions) {}

  /** The tracks every peer is sent (null: nothing, e.g. muted or camera off). */
  setTracks(audio: MediaStreamTrack | null, video: MediaStreamTrack | null) {
    this.audio = audio;
    this.video = video;
    for (const peer of this.peers.values()) this.attach(peer.pc);
  }

  remoteStreams(): [number, MediaStream][] {
    return [...this.peers].map(([uid, peer]) => [uid, peer.stream]);
  }

  connections(): [number, RTCPeerConnection][] {
    return [...this.peers].map(([uid, peer]) => [uid, peer.pc]);
  }

  /** Offers a connection to a member already in the room. */
  async call(uid: number) {
    this.remove(uid);
    const peer = this.open(uid);
    peer.pc.addTransceiver('audio', { direction: 'sendrecv' });
    peer.pc.addTransceiver('video', { direction: 'sendrecv' });
    this.attach(peer.pc);
    const offer = await peer.pc.createOffer();
    await peer.pc.setLocalDescription(offer);
    this.options.send(uid, { kind: 'offer', sdp: offer.sdp ?? '' });
  }

  async handle(from: number, signal: VoiceSignal) {
    if (signal.kind === 'offer') {
      // A fresh offer from someone we knew means they reconnected (a reload): start over.
      this.remove(from);
      const peer = this.open(from);
      await peer.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp ?? '' });
      for (const t of peer.pc.getTransceivers()) t.direction = 'sendrecv';
      this.attach(peer.pc);
      const answer = await peer.pc.createAnswer();
      await peer.pc.setLocalDescription(answer);
      this.options.send(from, { kind: 'answer', sdp: answer.sdp ?? '' });
      await this.flushIce(peer);
    } else if (signal.kind === 'answer') {
      const peer = this.peers.get(from);
      if (!peer || peer.pc.signalingState !== 'have-local-offer') return;
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp ?? '' });
      await this.flushIce(peer);
    } else if (signal.kind === 'ice' && signal.candidate !== undefined) {
      if (!allowedCandidate(signal.candidate, this.options.prefixes)) return;
      const peer = this.peers.get(from);
      if (!peer) return;
      const init: RTCIceCandidateInit = {
        candidate: signal.candidate,
        sdpMid: signal.sdp_mid ?? null,
        sdpMLineIndex: signal.sdp_m_line_index ?? null,
      };
      if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(init).catch(() => undefined);
      else peer.pendingIce.push(init);
    }
  }

  /** Drops peers that are no longer in the room. */
  keepOnly(uids: readonly number[]) {
    for (const uid of [...this.peers.keys()]) if (!uids.includes(uid)) this.remove(uid);
  }

  remove(uid: number) {
    const peer = this.peers.get(uid);
    if (!peer) return;
    peer.unwatch();
    peer.pc.close();
    this.peers.delete(uid);
    this.options.onChange();
  }

  close() {
    for (const uid of [...this.peers.keys()]) this.remove(uid);
  }

  private open(uid: number): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    const peer: Peer = { pc, stream: new MediaStream(), pendingIce: [], unwatch: () => undefined };
    pc.onicecandidate = (event) => {
      const c = event.candidate;
      if (!c || !allowedCandidate(c.candidate, this.options.prefixes)) return;
      this.options.send(uid, {
        kind: 'ice',
        candidate: c.candidate,
        ...(c.sdpMid !== null && { sdp_mid: c.sdpMid }),
        ...(c.sdpMLineIndex !== null && { sdp_m_line_index: c.sdpMLineIndex }),
      });
    };
    pc.ontrack = (event) => {
      peer.stream.addTrack(event.track);
      this.options.onChange();
    };
    pc.onconnectionstatechange = () => this.options.onChange();
    // The lower uid offers first, so the two sides never offer at once.
    peer.unwatch = watchConnection(pc, this.options.self < uid ? REBUILD_FIRST_MS : REBUILD_LATE_MS, () => {
      if (this.peers.get(uid) === peer) void this.call(uid).catch(() => undefined);
    });
    this.peers.set(uid, peer);
    this.options.onChange();
    return peer;
  }

  private attach(pc: RTCPeerConnection) {
    for (const t of pc.getTransceivers()) {
      const kind = t.receiver.track.kind;
      const track = kind === 'audio' ? this.audio : this.video;
      if (t.sender.track !== track) void t.sender.replaceTrack(track).catch(() => undefined);
    }
  }

  private async flushIce(peer: Peer) {
    for (const init of peer.pendingIce.splice(0)) await peer.pc.addIceCandidate(init).catch(() => undefined);
  }
}
