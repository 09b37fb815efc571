/**
 * A room on the SFU (docs/voice.md "SFU"): one connection sends this member's audio and video to
 * Janus (through Parley's `/voice/sfu/publish`), and one connection per other member whose media is
 * up (`voice_sfu_feed`) receives theirs. Each sending transceiver exists from the start, so mute,
 * camera off and screen share only swap the sent track (`replaceTrack`), as in the mesh. ICE
 * candidates outside the server's address prefixes are neither sent nor used.
 */
import { publishVoiceSfu, startVoiceSfu, subscribeVoiceSfu, trickleVoiceSfu } from '../../lib/api';
import { allowedCandidate } from './mesh';
import { REBUILD_FIRST_MS, watchConnection } from './rebuild';

export interface SfuOptions {
  iceServers: RTCIceServer[];
  prefixes: readonly string[];
  self: number;
  onChange: () => void;
}

interface Receiver {
  pc: RTCPeerConnection;
  stream: MediaStream;
  unwatch: () => void;
}

/** Drops `a=candidate` lines the server's filter does not allow from an SDP (Janus's offer/answer). */
function filterSdp(sdp: string, prefixes: readonly string[]): string {
  if (prefixes.length === 0) return sdp;
  return sdp
    .split('\r\n')
    .filter((line) => !line.startsWith('a=candidate:') || allowedCandidate(line.slice(2), prefixes))
    .join('\r\n');
}

/** Waits between attempts to publish again while the SFU does not answer (it may be restarting). */
const REPUBLISH_DELAYS_MS = [1000, 2000, 4000, 8000];

export class Sfu {
  private sender: RTCPeerConnection | null = null;
  private unwatchSender: () => void = () => undefined;
  private readonly receivers = new Map<number, Receiver>();
  private audio: MediaStreamTrack | null = null;
  private video: MediaStreamTrack | null = null;
  private closed = false;
  /** The publish under way (or the last one): subscribing waits for it, since it replaces them. */
  private publishing: Promise<void> = Promise.resolve();
  private republishing: Promise<void> | null = null;

  constructor(private readonly options: SfuOptions) {}

  /** The tracks sent to the SFU (null: nothing, e.g. muted or camera off). */
  setTracks(audio: MediaStreamTrack | null, video: MediaStreamTrack | null) {
    this.audio = audio;
    this.video = video;
    if (this.sender) this.attach(this.sender);
  }

  remoteStreams(): [number, MediaStream][] {
    return [...this.receivers].map(([uid, r]) => [uid, r.stream]);
  }

  /** Each other member's receiving connection, for their link quality. */
  connections(): [number, RTCPeerConnection][] {
    return [...this.receivers].map(([uid, r]) => [uid, r.pc]);
  }

  /** Sends this member's media to the SFU (again: replacing the earlier connection). */
  publish(): Promise<void> {
    this.publishing = this.send();
    return this.publishing;
  }

  private async send() {
    this.unwatchSender();
    this.sender?.close();
    const pc = this.open();
    this.sender = pc;
    // A sending connection that breaks (a network change) is published again, and with it the
    // subscriptions the new publish replaces.
    this.unwatchSender = watchConnection(pc, REBUILD_FIRST_MS, () => {
      if (this.sender === pc && !this.closed) void this.republish().catch(() => undefined);
    });
    pc.addTransceiver('audio', { direction: 'sendonly' });
    pc.addTransceiver('video', { direction: 'sendonly' });
    this.attach(pc);
    const trickle = this.trickler(pc);
    await pc.setLocalDescription(await pc.createOffer());
    const reply = await publishVoiceSfu({ sdp: pc.localDescription?.sdp ?? '' });
    // Closed, or a later publish replaced this one: its answer is for a connection that is gone.
    if (this.closed || this.sender !== pc) return;
    await pc.setRemoteDescription({ type: 'answer', sdp: filterSdp(reply.sdp, this.options.prefixes) });
    trickle(reply.handle);
  }

  /**
   * A member's media is up at the SFU (subscribe, or subscribe again) or gone. This member's own
   * feed gone means the SFU lost its connection (docs/voice.md "Lost sessions"): publish again.
   */
  async feed(uid: number, state: 'up' | 'gone') {
    if (uid === this.options.self) {
      if (state === 'gone') await this.republish();
      return;
    }
    this.remove(uid);
    if (state === 'gone') return;
    const pc = this.open();
    const receiver: Receiver = { pc, stream: new MediaStream(), unwatch: () => undefined };
    receiver.unwatch = watchConnection(pc, REBUILD_FIRST_MS, () => {
      if (this.receivers.get(uid) === receiver) void this.feed(uid, 'up').catch(() => undefined);
    });
    this.receivers.set(uid, receiver);
    pc.ontrack = (event) => {
      receiver.stream.addTrack(event.track);
      this.options.onChange();
    };
    this.options.onChange();
    const trickle = this.trickler(pc);
    // Publishing replaces this member's subscriptions at the server: subscribe after it.
    await this.publishing.catch(() => undefined);
    if (this.receivers.get(uid) !== receiver) return;
    const reply = await subscribeVoiceSfu({ feed: uid });
    if (this.receivers.get(uid) !== receiver) return;
    await pc.setRemoteDescription({ type: 'offer', sdp: filterSdp(reply.sdp, this.options.prefixes) });
    await pc.setLocalDescription(await pc.createAnswer());
    await startVoiceSfu({ handle: reply.handle, sdp: pc.localDescription?.sdp ?? '' });
    trickle(reply.handle);
  }

  /**
   * Publishes again, retrying while the SFU is unreachable (restarting), then subscribes again to
   * the members still received the same way, whose subscriptions the new publish replaced.
   */
  private republish(): Promise<void> {
    // A lost session (own feed gone) and a broken sending connection can ask at once: one run.
    this.republishing ??= this.publishAgain().finally(() => {
      this.republishing = null;
    });
    return this.republishing;
  }

  private async publishAgain() {
    const receiving = [...this.receivers];
    const attempts = async () => {
      for (let attempt = 0; !this.closed; attempt++) {
        try {
          return await this.send();
        } catch (err) {
          if (attempt >= REPUBLISH_DELAYS_MS.length) throw err;
          await new Promise((resolve) => setTimeout(resolve, REPUBLISH_DELAYS_MS[attempt]));
        }
      }
    };
    // Subscriptions asked for meanwhile wait for all the attempts, not only the first.
    this.publishing = attempts();
    await this.publishing;
    for (const [uid, receiver] of receiving) {
      if (!this.closed && this.receivers.get(uid) === receiver)
        void this.feed(uid, 'up').catch(() => undefined);
    }
  }

  /** Drops receivers of members no longer in the room. */
  keepOnly(uids: readonly number[]) {
    for (const uid of [...this.receivers.keys()]) if (!uids.includes(uid)) this.remove(uid);
  }

  remove(uid: number) {
    const receiver = this.receivers.get(uid);
    if (!receiver) return;
    receiver.unwatch();
    receiver.pc.close();
    this.receivers.delete(uid);
    this.options.onChange();
  }

  close() {
    this.closed = true;
    this.unwatchSender();
    this.sender?.close();
    this.sender = null;
    for (const uid of [...this.receivers.keys()]) this.remove(uid);
  }

  private open(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    pc.onconnectionstatechange = () => this.options.onChange();
    return pc;
  }

  /**
   * Sends the connection's ICE candidates to the SFU once its handle is known (candidates found
   * before are kept until then); returns the function that gives the handle.
   */
  private trickler(pc: RTCPeerConnection): (handle: number) => void {
    let handle: number | null = null;
    const early: (RTCIceCandidate | null)[] = [];
    const send = (c: RTCIceCandidate | null) => {
      if (handle === null) return void early.push(c);
      if (c && !allowedCandidate(c.candidate, this.options.prefixes)) return;
      void trickleVoiceSfu({
        handle,
        ...(c && {
          candidate: c.candidate,
          ...(c.sdpMid !== null && { sdp_mid: c.sdpMid }),
          ...(c.sdpMLineIndex !== null && { sdp_m_line_index: c.sdpMLineIndex }),
        }),
      }).catch(() => undefined);
    };
    pc.onicecandidate = (event) => send(event.candidate);
    return (known) => {
      handle = known;
      for (const c of early.splice(0)) send(c);
    };
  }

  private attach(pc: RTCPeerConnection) {
    for (const t of pc.getTransceivers()) {
      const track = t.receiver.track.kind === 'audio' ? this.audio : this.video;
      if (t.sender.track !== track) void t.sender.replaceTrack(track).catch(() => undefined);
    }
  }
}
