/**
 * The fields of one operation's console: the bearer token, each parameter, the JSON body or the multipart
 * files, as the operation takes them; and the state they edit.
 */
import {useState, type ReactNode} from 'react';
import type {ContractOperation} from 'synkronus-mock/src/contract';
import {useSession} from './Dialect';
import type {Inputs} from './request';
import styles from './styles.module.css';

/** How the fields change the inputs. */
type Edits = {
  param: (key: string, value: string) => void;
  token: (value: string) => void;
  body: (value: string) => void;
  file: (field: string, file: File | undefined) => void;
};

/** What the reader typed, starting from the operation's examples, and the session's token unless one was typed. */
export function useInputs(op: ContractOperation): {inputs: Inputs; edit: Edits} {
  const {auth} = useSession();
  const [params, setParams] = useState<Record<string, string>>(() =>
    Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [`${p.in}:${p.name}`, p.example ?? ''])),
  );
  // A token the reader typed counts only until the next login replaces the session's token.
  const [typedToken, setTypedToken] = useState<{forToken: string | undefined; value: string}>();
  const token = typedToken && typedToken.forToken === auth.token ? typedToken.value : auth.token;
  const [body, setBody] = useState(op.body?.mediaType === 'application/json' ? (op.body.example ?? '') : '');
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const edit: Edits = {
    param: (key, value) => setParams({...params, [key]: value}),
    token: (value) => setTypedToken({forToken: auth.token, value}),
    body: setBody,
    file: (field, file) => setFiles({...files, [field]: file}),
  };
  return {inputs: {params, token, body, files}, edit};
}

const fieldProps = {type: 'text', spellCheck: false, autoComplete: 'off'} as const;

function ParameterField({
  parameter,
  id,
  value,
  onChange,
}: {
  parameter: ContractOperation['parameters'][number];
  id: string;
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {parameter.name}{' '}
        <span className={styles.subtle}>
          (in {parameter.in}
          {parameter.required ? ', required' : ''}
          {parameter.example !== undefined && parameter.in !== 'path' ? `, for example ${parameter.example}` : ''})
        </span>
      </label>
      <input id={id} {...fieldProps} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** `id`: the console's own id, which the ids of its fields start with. */
export function RequestFields({
  op,
  id,
  inputs,
  edit,
}: {
  op: ContractOperation;
  id: string;
  inputs: Inputs;
  edit: Edits;
}): ReactNode {
  return (
    <>
      {op.isPublic ? null : (
        <div className={styles.field}>
          <label htmlFor={`${id}-token`}>Bearer token</label>
          <input id={`${id}-token`} {...fieldProps} value={inputs.token} onChange={(e) => edit.token(e.target.value)} />
        </div>
      )}
      {op.parameters.map((parameter) => {
        const key = `${parameter.in}:${parameter.name}`;
        return (
          <ParameterField
            key={key}
            parameter={parameter}
            id={`${id}-${key}`}
            value={inputs.params[key] ?? ''}
            onChange={(value) => edit.param(key, value)}
          />
        );
      })}
      {op.body?.mediaType === 'application/json' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-body`}>Request body (JSON)</label>
          <textarea
            id={`${id}-body`}
            value={inputs.body}
            onChange={(e) => edit.body(e.target.value)}
            rows={Math.min(16, inputs.body.split('\n').length + 1)}
            spellCheck={false}
          />
        </div>
      ) : null}
      {op.body?.mediaType === 'multipart/form-data'
        ? (op.body.files ?? []).map((field) => (
            <div className={styles.field} key={field}>
              <label htmlFor={`${id}-file-${field}`}>
                {field} <span className={styles.subtle}>(file, multipart field)</span>
              </label>
              <input id={`${id}-file-${field}`} type="file" onChange={(e) => edit.file(field, e.target.files?.[0])} />
            </div>
          ))
        : null}
    </>
  );
}
