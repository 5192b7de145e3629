import { TextField } from '../ui/form-field';
import { Fact } from '../ui/fact';
import { bindField, numberOrText, type SpaMonitorType, type TypeFieldsProps } from './contract';

type TcpValues = { host: string; port: string };

function TcpFields(props: TypeFieldsProps<TcpValues>) {
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <TextField label="Host" placeholder="db.example.com" autoComplete="off" className="sm:col-span-2" {...bindField(props, 'host')} />
      <TextField label="Port" type="number" inputMode="numeric" min={1} max={65535} placeholder="5432" {...bindField(props, 'port')} />
    </div>
  );
}

/** A TCP monitor: host and port. Its card says nothing more: host:port is its address line already. */
export const tcpSpaType = {
  hint: 'Checks that a port (database, mail server, game server...) accepts connections.',
  timed: true,
  intervalLabel: 'Check Interval',
  valuesOf: (monitor) => ({ host: monitor?.host ?? '', port: monitor?.port ? String(monitor.port) : '' }),
  input: (values) => ({ monitor_type: 'tcp', host: values.host.trim() || undefined, port: values.port.trim() ? numberOrText(values.port) : undefined }),
  Fields: TcpFields,
  CardFacts: null,
  TargetFacts: ({ monitor, latest }) => (
    <>
      <Fact label="Host">{monitor.host}</Fact>
      <Fact label="Port">{monitor.port}</Fact>
      <Fact label="Latest check">{latest ? (latest.message ?? 'Connected') : 'Not checked yet'}</Fact>
    </>
  ),
  SavedNotice: null,
} satisfies SpaMonitorType<TcpValues>;
