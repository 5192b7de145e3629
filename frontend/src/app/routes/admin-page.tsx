import { Logo } from '../../components/ui/logo';

/** /admin/*: the operator panel is a later issue; it will have its own sign-in and session. */
export function AdminPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-900 px-4">
      <title>Admin · Upwatch</title>
      <meta name="robots" content="noindex" />
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <Logo to="/" />
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Operator panel</h1>
        <p className="mt-2 text-slate-600">
          Administrators will sign in here to oversee users, monitors, incidents, payments and error logs.
        </p>
      </div>
    </div>
  );
}
