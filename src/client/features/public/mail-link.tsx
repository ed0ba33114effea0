// An e-mail address shown as a mailto: link.
export function MailLink({ address }: { address: string }) {
  return (
    <a
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
      href={`mailto:${address}`}
    >
      {address}
    </a>
  );
}
