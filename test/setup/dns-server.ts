import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';

/**
 * A tiny authoritative DNS server on loopback UDP for the DNS check's tests: it answers the records
 * it is given (A, AAAA, CNAME, MX, TXT, NS) and NXDOMAIN for any other name, so the checker's real
 * node:dns Resolver is exercised without the internet.
 */
export type DnsRecords = Record<string, Partial<Record<'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS', string[]>>>;

const TYPE_CODES = { A: 1, NS: 2, CNAME: 5, MX: 15, TXT: 16, AAAA: 28 } as const;

const encodeName = (name: string): Buffer =>
  Buffer.concat([...name.replace(/\.$/, '').split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])), Buffer.from([0])]);

const ipv6Bytes = (address: string): Buffer => {
  const [head = '', tail = ''] = address.split('::');
  const parts = (part: string) => (part ? part.split(':') : []);
  const groups = [...parts(head), ...Array(8 - parts(head).length - parts(tail).length).fill('0'), ...parts(tail)];
  return Buffer.from(groups.flatMap((group: string) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
};

const rdata = (type: keyof typeof TYPE_CODES, value: string): Buffer => {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'AAAA') return ipv6Bytes(isIPv6(value) ? value : '::');
  if (type === 'TXT') return Buffer.concat([Buffer.from([Buffer.byteLength(value)]), Buffer.from(value)]);
  if (type === 'MX') {
    const [priority, exchange] = value.split(' ');
    const pref = Buffer.alloc(2);
    pref.writeUInt16BE(Number(priority));
    return Buffer.concat([pref, encodeName(exchange!)]);
  }
  return encodeName(value);
};

export const startDnsServer = async (records: DnsRecords): Promise<{ server: string; stop: () => Promise<void> }> => {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (query[offset]! > 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString());
      offset += query[offset]! + 1;
    }
    const question = query.subarray(12, offset + 5);
    const qtype = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const type = (Object.keys(TYPE_CODES) as (keyof typeof TYPE_CODES)[]).find((key) => TYPE_CODES[key] === qtype);
    const known = records[name];
    const values = (type && known?.[type]) ?? [];
    const answers = values.map((value) => {
      const data = rdata(type!, value);
      const fixed = Buffer.alloc(10);
      fixed.writeUInt16BE(qtype, 0);
      fixed.writeUInt16BE(1, 2);
      fixed.writeUInt32BE(60, 4);
      fixed.writeUInt16BE(data.length, 8);
      return Buffer.concat([encodeName(name), fixed, data]);
    });
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8400 | (known ? 0 : 3), 2); // response, authoritative; NXDOMAIN for unknown names
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
};
