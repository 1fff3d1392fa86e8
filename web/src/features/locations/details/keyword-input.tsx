import { InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { addKeywords, isKeywordCommitKey } from './details-rules';

/** Keywords added with Enter or comma; trimmed, empty and duplicates ignored. */
export const KeywordInput = ({
  id,
  keywords,
  onChange,
  placeholder,
}: {
  id?: string;
  keywords: string[];
  onChange: (k: string[]) => void;
  placeholder: string;
}) => {
  const [text, setText] = useState('');
  const commit = (typed: string) => {
    const next = addKeywords(keywords, typed);
    if (next.length !== keywords.length) onChange(next);
    setText('');
  };
  return (
    <div className="locus-keywords">
      <InputGroup
        id={id}
        value={text}
        placeholder={placeholder}
        onValueChange={(v) => (v.includes(',') ? commit(v) : setText(v))}
        onKeyDown={(e) => {
          if (isKeywordCommitKey(e.key)) {
            e.preventDefault();
            commit(text);
          }
        }}
        onBlur={() => text.trim() && commit(text)}
      />
      <div className="locus-keyword-tags">
        {keywords.map((k) => (
          <Tag key={k} minimal round onRemove={() => onChange(keywords.filter((x) => x !== k))}>
            {k}
          </Tag>
        ))}
      </div>
    </div>
  );
};
