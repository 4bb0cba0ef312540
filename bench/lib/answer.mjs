/** The fixed answer the local upstream streams, one word (with its trailing space) per chunk. */
export const ANSWER =
  'The sky looks blue because sunlight is made of many colours, and the tiny bits of air ' +
  'scatter the blue light much more than the red light, so blue reaches your eyes from every ' +
  'part of the sky. At sunset the light travels farther, so more blue is scattered away and ' +
  'the sky turns orange and pink.';

export const ANSWER_CHUNKS = ANSWER.split(/(?<= )/);
